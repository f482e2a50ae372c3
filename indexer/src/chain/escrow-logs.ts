import { Interface } from 'ethers';
import { TaskEscrowAbi } from '@cent/contracts';
import { escrowKey } from '@cent/backend';
import type { ChainFact, EscrowLog } from '@cent/backend';
import { RawLog } from './chain-reader';

export const escrowInterface = new Interface(TaskEscrowAbi);

export type EventName = 'TaskFunded' | 'RewardReleased' | 'TaskRefunded';

export interface DecodedLog {
  /** On-chain task id as a decimal string (uint256: may exceed what the backend can have). */
  taskId: string;
  submissionId: string | null;
  event: EventName;
  fact: ChainFact;
  /** The domain form, or null when the ids cannot be backend ids (then the log is recorded as rejected). */
  domain: EscrowLog | null;
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

/**
 * Decodes a TaskEscrow log; null for the contract's other events (role changes). Hand-decoded from the
 * fixed ABI layout (indexed words in topics, static words in data): ethers' generic parseLog costs about
 * 100 µs per log, which dominated indexing. Addresses come out lower-case. escrow-logs.spec.ts checks
 * this against ethers for every event.
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
  const taskIdBig = BigInt(raw.topics[1]);
  const taskId = smallId(taskIdBig);
  if (event === 'TaskFunded') {
    // v1 logs carry no key: the key v2 derives from the same funder and terms stands in for it.
    const funder = addressTopic(raw.topics[2]);
    const terms = { reward: word(raw.data, 0), maxCompletions: word(raw.data, 1), deadline: word(raw.data, 2) };
    return {
      taskId: taskIdBig.toString(), submissionId: null, event, fact,
      domain: taskId === null ? null : {
        kind: 'funded', fact, key: escrowKey(funder, { taskId: taskIdBig, ...terms }), funder, ...terms, amount: word(raw.data, 3),
      },
    };
  }
  if (event === 'TaskRefunded') {
    return {
      taskId: taskIdBig.toString(), submissionId: null, event, fact,
      domain: taskId === null ? null : { kind: 'refunded', fact, key: null, funder: addressTopic(raw.topics[2]), amount: word(raw.data, 0) },
    };
  }
  const submissionIdBig = BigInt(raw.topics[2]);
  const submissionId = smallId(submissionIdBig);
  return {
    taskId: taskIdBig.toString(),
    submissionId: submissionIdBig.toString(),
    event,
    fact,
    domain:
      taskId === null || submissionId === null
        ? null
        : { kind: 'released', fact, key: null, submissionId, recipient: addressTopic(raw.topics[3]), amount: word(raw.data, 0) },
  };
}
