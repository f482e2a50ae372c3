import { Interface } from 'ethers';
import { TaskEscrowAbi } from '@cent/contracts';
import type { ChainFact, EscrowLog } from '@cent/backend';
import { RawLog } from './chain-reader';

export const escrowInterface = new Interface(TaskEscrowAbi);

export type EventName = 'TaskFunded' | 'RewardReleased' | 'TaskRefunded';

export interface DecodedLog {
  /** The TaskEscrow v2 escrow key (bytes32, lower-case hex) the log is about ('' when the log has none). */
  key: string;
  /**
   * App task id as a decimal string (uint256: may exceed what the backend can have). TaskFunded carries it;
   * for RewardReleased / TaskRefunded it is the task id of the TaskFunded that created the key, filled in by
   * {@link withTaskId} (null until then, and when no funding of that key is known).
   */
  taskId: string | null;
  /** uint256 submission id as a decimal string (RewardReleased). */
  submissionId: string | null;
  event: EventName;
  fact: ChainFact;
  /** The domain form, or null when the domain cannot take the log (then `rejected` says why). */
  domain: EscrowLog | null;
  /** The domain form whatever the ids (kept to build `domain` once the task id is known); null when undecodable. */
  log: EscrowLog | null;
  /** Why the log is recorded as rejected without reaching the domain (null: it goes to the domain). */
  rejected: string | null;
}

/** The RPC answered a log whose envelope (block, index, hashes) is not what any node sends: read again. */
export class MalformedRpcLog extends Error {}

const TOPIC = {
  TaskFunded: escrowInterface.getEvent('TaskFunded')!.topicHash,
  RewardReleased: escrowInterface.getEvent('RewardReleased')!.topicHash,
  TaskRefunded: escrowInterface.getEvent('TaskRefunded')!.topicHash,
};

/** Topics (after topic0) and 32-byte data words each event has (the TaskEscrow v2 ABI). */
const SHAPE: Record<EventName, { topics: number; words: number }> = {
  TaskFunded: { topics: 3, words: 4 },
  RewardReleased: { topics: 3, words: 1 },
  TaskRefunded: { topics: 2, words: 1 },
};

/** Backend ids are PostgreSQL `integer`s. */
const MAX_ID = 2n ** 31n - 1n;
const isBackendId = (v: bigint) => v > 0n && v <= MAX_ID;

/**
 * A uint256 id from a log (decimal string) as the backend's integer id, or null when no backend id can be it.
 * Parsed as a bigint and range-checked first, so an id past 2^53 never rounds onto a real one.
 */
export function backendId(decimal: string): number | null {
  const v = BigInt(decimal);
  return isBackendId(v) ? Number(v) : null;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const word = (hex: string, i: number) => BigInt(`0x${hex.slice(2 + 64 * i, 66 + 64 * i)}`);
const addressTopic = (topic: string) => `0x${topic.slice(26)}`.toLowerCase();

/**
 * A quantity of the log's envelope as a JS number, checked: the node, not the log's emitter, sets these, so
 * a value that is not a hex quantity within `max` means a broken RPC answer (the range is read again).
 */
function envelopeNumber(v: string, what: string, max: bigint): number {
  if (typeof v !== 'string' || !QUANTITY.test(v)) throw new MalformedRpcLog(`log ${what} ${String(v)} is not a hex quantity`);
  const n = BigInt(v);
  if (n > max) throw new MalformedRpcLog(`log ${what} ${v} is out of range`);
  return Number(n);
}

function envelopeHash(v: string, what: string): string {
  if (typeof v !== 'string' || !HASH.test(v)) throw new MalformedRpcLog(`log ${what} ${String(v)} is not a 32-byte hash`);
  return v.toLowerCase();
}

/** Why the log's topics and data do not have its event's layout, or null when they do. */
function layoutProblem(raw: RawLog, event: EventName): string | null {
  const shape = SHAPE[event];
  if (raw.topics.length !== shape.topics + 1) return `${event} with ${raw.topics.length - 1} indexed topics instead of ${shape.topics}`;
  const bad = raw.topics.find((t) => typeof t !== 'string' || !HASH.test(t));
  if (bad !== undefined) return `topic ${String(bad)} is not 32 bytes`;
  if (typeof raw.data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(raw.data)) return 'data is not hex';
  if (raw.data.length !== 2 + 64 * shape.words) return `${event} data of ${(raw.data.length - 2) / 2} bytes instead of ${32 * shape.words}`;
  return null;
}

/** A word of the data that must fit `bits` (the ABI type), or the reason it does not. */
function sized(value: bigint, bits: number, field: string): bigint | string {
  return value < 1n << BigInt(bits) ? value : `${field} 0x${value.toString(16)} does not fit uint${bits}`;
}

/** The log bound to its task id (decimal string), with `domain` set when the ids are backend ids. */
export function withTaskId(d: DecodedLog, taskId: string): DecodedLog {
  if (!d.log) return { ...d, taskId }; // undecodable: stays rejected with its reason
  const idsOk = isBackendId(BigInt(taskId)) && (d.submissionId === null || isBackendId(BigInt(d.submissionId)));
  return {
    ...d, taskId, domain: idsOk ? d.log : null,
    rejected: idsOk ? null : `task ${taskId}${d.submissionId !== null ? ` / submission ${d.submissionId}` : ''} is not a backend id`,
  };
}

/**
 * Decodes a TaskEscrow v2 log; null for the contract's other events (role changes). Hand-decoded from the
 * fixed ABI layout (indexed words in topics, static words in data): ethers' generic parseLog costs about
 * 100 µs per log, which dominated indexing. Addresses and keys come out lower-case. escrow-logs.spec.ts
 * checks this against ethers for every event.
 *
 * Never throws for what a log's emitter controls: every number stays a bigint from the word it was read
 * from (a uint64 deadline of 2^64-1 is 18446744073709551615, not the 2^64 a Number would round it to), and
 * a log whose topics or data do not have its event's layout, or whose word does not fit its ABI width, is
 * returned with `rejected: 'undecodable: …'` so the follower records it and goes on. Only an envelope no
 * node would send (block number, log index, hashes) throws MalformedRpcLog: that is the RPC's fault, and the
 * range is read again.
 */
export function decodeEscrowLog(raw: RawLog, chainId: number): DecodedLog | null {
  const topic0 = raw.topics?.[0]?.toLowerCase();
  const event: EventName | null =
    topic0 === TOPIC.RewardReleased ? 'RewardReleased' : topic0 === TOPIC.TaskFunded ? 'TaskFunded' : topic0 === TOPIC.TaskRefunded ? 'TaskRefunded' : null;
  if (!event) return null;
  const fact: ChainFact = {
    chainId,
    txHash: envelopeHash(raw.transactionHash, 'transactionHash'),
    blockNumber: envelopeNumber(raw.blockNumber, 'blockNumber', BigInt(Number.MAX_SAFE_INTEGER)),
    blockHash: envelopeHash(raw.blockHash, 'blockHash'),
    logIndex: envelopeNumber(raw.logIndex, 'logIndex', MAX_ID),
  };
  const problem = layoutProblem(raw, event);
  if (problem) {
    const key = typeof raw.topics[1] === 'string' && HASH.test(raw.topics[1]) ? raw.topics[1].toLowerCase() : '';
    return { key, taskId: null, submissionId: null, event, fact, domain: null, log: null, rejected: `undecodable: ${problem}` };
  }
  const key = raw.topics[1].toLowerCase();
  if (event === 'TaskFunded') {
    const taskId = BigInt(raw.topics[2]).toString();
    const terms = [sized(word(raw.data, 0), 128, 'reward'), sized(word(raw.data, 1), 32, 'maxCompletions'), sized(word(raw.data, 2), 64, 'deadline')];
    const tooWide = terms.find((t): t is string => typeof t === 'string');
    if (tooWide) return { key, taskId, submissionId: null, event, fact, domain: null, log: null, rejected: `undecodable: ${tooWide}` };
    const [reward, maxCompletions, deadline] = terms as bigint[];
    const log: EscrowLog = { kind: 'funded', fact, key, funder: addressTopic(raw.topics[3]), reward, maxCompletions, deadline, amount: word(raw.data, 3) };
    return withTaskId({ key, taskId: null, submissionId: null, event, fact, domain: null, log, rejected: null }, taskId);
  }
  if (event === 'TaskRefunded') {
    const log: EscrowLog = { kind: 'refunded', fact, key, funder: addressTopic(raw.topics[2]), amount: word(raw.data, 0) };
    return { key, taskId: null, submissionId: null, event, fact, domain: null, log, rejected: null };
  }
  const submissionId = BigInt(raw.topics[2]);
  const log: EscrowLog = {
    // The domain's submission id is a backend id: withTaskId hands the log on only when it is one.
    kind: 'released', fact, key, submissionId: isBackendId(submissionId) ? Number(submissionId) : 0, recipient: addressTopic(raw.topics[3]), amount: word(raw.data, 0),
  };
  return { key, taskId: null, submissionId: submissionId.toString(), event, fact, domain: null, log, rejected: null };
}
