/** GET /api/tasks/:id/escrow (backend/src/escrow/escrow.view.ts): the chain's view of a task's escrow next to the app's. */
export type Finality = 'pending' | 'confirmed' | 'final';

export interface EscrowOnChain {
  funded: boolean;
  creator: string | null;
  creatorUrl?: string | null;
  /** Base units, decimal string. */
  reward: string;
  maxCompletions: number;
  paidCount: number;
  deadline: string | null;
  refunded: boolean;
  remaining: string;
  refundableAt: string | null;
}

export interface EscrowAppClaims {
  fundingStatus: string;
  escrowAmount: string;
  releasedAmount: string;
  refundedAmount: string;
  paidCount: number;
  /** Every unresolved funding and payout anomaly, in plain words. */
  anomalies: EscrowAnomaly[];
}

export interface EscrowAnomaly {
  kind: string;
  reason: string;
  txHash: string;
}

export interface EscrowEvent {
  type: 'TaskFunded' | 'RewardReleased' | 'TaskRefunded';
  txHash: string;
  txUrl: string | null;
  blockNumber: number;
  logIndex: number;
  amount: string;
  /** Decimal string (uint256 on chain). */
  submissionId?: string;
  recipient?: string;
  recipientUrl?: string | null;
  confirmations: number;
  finality: 'confirmed' | 'final';
  indexed: boolean;
}

export interface EscrowPayout {
  submissionId: number;
  userId: number;
  payoutStatus: 'requested' | 'sent' | 'released' | 'failed' | null;
  state: Finality | 'failed' | null;
  txHash: string | null;
  txUrl: string | null;
  blockNumber: number | null;
  error: string | null;
}

export interface EscrowAudit {
  taskId: number;
  chainId: number;
  escrowAddress: string;
  escrowUrl: string | null;
  tokenAddress: string | null;
  headBlock: number | null;
  confirmationsRequired: number;
  onChain: EscrowOnChain | null;
  /** Why the chain could not be read ("Chain unreachable, last block seen N at T" when it did not answer). */
  chainError: string | null;
  /** The chain's head now, or when unreachable the last one the server (or its indexer) saw, and when. */
  lastBlockSeen: number | null;
  lastBlockSeenAt: string | null;
  app: EscrowAppClaims;
  consistent: boolean;
  events: EscrowEvent[];
  payouts: EscrowPayout[];
}
