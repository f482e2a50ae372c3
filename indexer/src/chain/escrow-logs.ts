import { Interface } from 'ethers';
import { TaskEscrowAbi } from '@cent/contracts';
import type { ChainFact, EscrowLog } from '@cent/backend';
import { RawLog } from './chain-reader';

export const escrowInterface = new Interface(TaskEscrowAbi);

export type EventName = 'TaskFunded' | 'RewardReleased' | 'TaskRefunded';

export interface DecodedLog {
  /** The TaskEscrow v2 escrow key (bytes32, lower-case hex) the log is about. */
  key: string;
  /**
   * App task id as a decimal string (uint256: may exceed what the backend can have). TaskFunded carries it;
   * for RewardReleased / TaskRefunded it is the task id of the TaskFunded that created the key, filled in by
   * {@link withTaskId} (null until then, and when no funding of that key is known).
   */
  taskId: string | null;
  submissionId: string | null;
  event: EventName;
  fact: ChainFact;
  /** The domain form, or null when the ids cannot be backend ids (then the log is recorded as rejected). */
  domain: EscrowLog | null;
  /** The domain form whatever the ids (kept to build `domain` once the task id is known). */
  log: EscrowLog;
}

const TOPIC = {
  TaskFunded: escrowInterface.getEvent('TaskFunded')!.topicHash,
  RewardReleased: escrowInterface.getEvent('RewardReleased')!.topicHash,
  TaskRefunded: escrowInterface.getEvent('TaskRefunded')!.topicHash,
};

const MAX_ID = BigInt(2 ** 31 - 1);

function smallId(v: bigint): number | null {
  return v > 0n && v <= MAX_ID ? Number(v) : null;
}

const word = (hex: string, i: number) => BigInt(`0x${hex.slice(2 + 64 * i, 66 + 64 * i)}`);
const addressTopic = (topic: string) => `0x${topic.slice(26)}`;

/** The log bound to its task id (decimal string), with `domain` set when the ids are backend ids. */
export function withTaskId(d: DecodedLog, taskId: string): DecodedLog {
  const idsOk = smallId(BigInt(taskId)) !== null && (d.submissionId === null || smallId(BigInt(d.submissionId)) !== null);
  return { ...d, taskId, domain: idsOk ? d.log : null };
}

/**
 * Decodes a TaskEscrow v2 log; null for the contract's other events (role changes). Hand-decoded from the
 * fixed ABI layout (indexed words in topics, static words in data): ethers' generic parseLog costs about
 * 100 µs per log, which dominated indexing. Addresses and keys come out lower-case. escrow-logs.spec.ts
 * checks this against ethers for every event.
 */
export function decodeEscrowLog(raw: RawLog, chainId: number): DecodedLog | null {
  const topic0 = raw.topics[0];
  const event: EventName | null =
    topic0 === TOPIC.RewardReleased ? 'RewardReleased' : topic0 === TOPIC.TaskFunded ? 'TaskFunded' : topic0 === TOPIC.TaskRefunded ? 'TaskRefunded' : null;
  if (!event) return null;
  const fact: ChainFact = {
    chainId,
    txHash: raw.transactionHash.toLowerCase(),
    blockNumber: Number(raw.blockNumber),
    blockHash: raw.blockHash.toLowerCase(),
    logIndex: Number(raw.logIndex),
  };
  const key = raw.topics[1].toLowerCase();
  if (event === 'TaskFunded') {
    const log: EscrowLog = {
      kind: 'funded', fact, key, funder: addressTopic(raw.topics[3]),
      reward: word(raw.data, 0), maxCompletions: Number(word(raw.data, 1)), deadline: Number(word(raw.data, 2)), amount: word(raw.data, 3),
    };
    return withTaskId({ key, taskId: null, submissionId: null, event, fact, domain: null, log }, BigInt(raw.topics[2]).toString());
  }
  if (event === 'TaskRefunded') {
    const log: EscrowLog = { kind: 'refunded', fact, key, funder: addressTopic(raw.topics[2]), amount: word(raw.data, 0) };
    return { key, taskId: null, submissionId: null, event, fact, domain: null, log };
  }
  const submissionIdBig = BigInt(raw.topics[2]);
  const log: EscrowLog = {
    kind: 'released', fact, key, submissionId: Number(smallId(submissionIdBig) ?? 0), recipient: addressTopic(raw.topics[3]), amount: word(raw.data, 0),
  };
  return { key, taskId: null, submissionId: submissionIdBig.toString(), event, fact, domain: null, log };
}
