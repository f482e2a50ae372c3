import { Interface } from 'ethers';
import { TaskEscrowAbi } from '@cent/contracts';
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

const EVENTS = new Set<string>(['TaskFunded', 'RewardReleased', 'TaskRefunded']);

function smallId(v: bigint): number | null {
  return v > 0n && v <= BigInt(2 ** 31 - 1) ? Number(v) : null;
}

/** Decodes a TaskEscrow log; null for other events of the contract (role changes). */
export function decodeEscrowLog(raw: RawLog, chainId: number): DecodedLog | null {
  const parsed = escrowInterface.parseLog({ topics: raw.topics, data: raw.data });
  if (!parsed || !EVENTS.has(parsed.name)) return null;
  const fact: ChainFact = {
    chainId,
    txHash: raw.transactionHash.toLowerCase(),
    blockNumber: Number(raw.blockNumber),
    blockHash: raw.blockHash.toLowerCase(),
    logIndex: Number(raw.logIndex),
  };
  const args = parsed.args;
  const taskIdBig: bigint = args.taskId;
  const taskId = smallId(taskIdBig);
  const event = parsed.name as EventName;
  if (event === 'TaskFunded') {
    return {
      taskId: taskIdBig.toString(), submissionId: null, event, fact,
      domain: taskId === null ? null : { kind: 'funded', fact, funder: String(args.creator), amount: args.amount as bigint },
    };
  }
  if (event === 'TaskRefunded') {
    return {
      taskId: taskIdBig.toString(), submissionId: null, event, fact,
      domain: taskId === null ? null : { kind: 'refunded', fact, amount: args.amount as bigint },
    };
  }
  const submissionIdBig: bigint = args.submissionId;
  const submissionId = smallId(submissionIdBig);
  return {
    taskId: taskIdBig.toString(),
    submissionId: submissionIdBig.toString(),
    event,
    fact,
    domain:
      taskId === null || submissionId === null
        ? null
        : { kind: 'released', fact, submissionId, recipient: String(args.recipient), amount: args.amount as bigint },
  };
}
