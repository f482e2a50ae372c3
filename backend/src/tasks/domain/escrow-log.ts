import { ChainFact } from './task.events';

/**
 * One decoded TaskEscrow v2 log as the domain takes it: base units and unix seconds as bigint, addresses
 * and keys as 0x hex. `key` is null only for logs of the v1 contract, which had one escrow per task id.
 */
export interface FundedLog {
  kind: 'funded';
  fact: ChainFact;
  key: string | null;
  funder: string;
  /** uint128 reward, uint32 maxCompletions, uint64 deadline, uint256 amount: bigint, never a rounded Number. */
  reward: bigint;
  maxCompletions: bigint;
  deadline: bigint;
  amount: bigint;
}

export interface ReleasedLog {
  kind: 'released';
  fact: ChainFact;
  key: string | null;
  submissionId: number;
  recipient: string;
  amount: bigint;
}

export interface RefundedLog {
  kind: 'refunded';
  fact: ChainFact;
  key: string | null;
  funder?: string | null;
  amount: bigint;
}

export type EscrowLog = FundedLog | ReleasedLog | RefundedLog;
