import { FundingStatus, SubmissionType } from './task.constants';

/**
 * Every event of a task stream (`task-{id}`). A task's submissions live in its stream because the rules
 * that bind them (slots, one per user, approvals <= maxCompletions) are rules of the task.
 */
export const TaskEvents = {
  TaskCreated: 'TaskCreated',
  TaskFunded: 'TaskFunded',
  TaskFundingAnomalyDetected: 'TaskFundingAnomalyDetected',
  TaskActivated: 'TaskActivated',
  TaskDeactivated: 'TaskDeactivated',
  TaskRefunded: 'TaskRefunded',
  /** Compensation: the block holding a funding/refund fact was dropped by a reorganisation. */
  TaskFundingReverted: 'TaskFundingReverted',
  TaskRefundReverted: 'TaskRefundReverted',
  SubmissionSubmitted: 'SubmissionSubmitted',
  SubmissionAiValidated: 'SubmissionAiValidated',
  SubmissionApproved: 'SubmissionApproved',
  SubmissionRejected: 'SubmissionRejected',
  PayoutRequested: 'PayoutRequested',
  PayoutSent: 'PayoutSent',
  PayoutFailed: 'PayoutFailed',
  RewardReleased: 'RewardReleased',
  RewardReleaseReverted: 'RewardReleaseReverted',
} as const;

export interface ChainFact {
  chainId: number;
  txHash: string;
  blockNumber: number;
  blockHash: string;
  logIndex: number;
}

export interface TaskCreatedData {
  taskId: number;
  creatorId: number;
  title: string;
  description: string;
  requirements: string;
  category: string;
  reward: number;
  maxCompletions: number;
  estimatedTime: number;
  deadline: string;
  submissionType: SubmissionType;
  isActive: boolean;
  chainId: number;
  contractAddress: string | null;
  /** reward x maxCompletions in base units (decimal string). */
  escrowAmount: string;
  createdAt: string;
}

export interface TaskFundedData extends ChainFact {
  taskId: number;
  /** TaskEscrow v2 escrow key (absent in events recorded before v2). */
  key?: string;
  funder: string;
  amount: string;
}

export interface TaskFundingAnomalyData extends ChainFact {
  taskId: number;
  key?: string;
  funder: string;
  amount: string;
  reason: string;
}

export interface TaskRefundedData extends ChainFact {
  taskId: number;
  key?: string;
  amount: string;
}

export interface ChainFactRevertedData {
  taskId: number;
  txHash: string;
  logIndex: number;
  /** What the state is after the compensation. */
  fundingStatus?: FundingStatus;
}

export interface ProofData {
  proofLink: string | null;
  proofText: string | null;
  proofFileUrl: string | null;
  notes: string | null;
}

export interface SubmissionSubmittedData extends ProofData {
  submissionId: number;
  taskId: number;
  userId: number;
  createdAt: string;
}

export interface SubmissionAiValidatedData {
  submissionId: number;
  taskId: number;
  result: Record<string, unknown>;
  validatedBy: number | null;
  durationMs: number;
}

export interface SubmissionApprovedData {
  submissionId: number;
  taskId: number;
  userId: number;
  reviewerId: number;
  feedback: string | null;
  reward: number;
  reviewedAt: string;
}

export interface SubmissionRejectedData {
  submissionId: number;
  taskId: number;
  userId: number;
  reviewerId: number;
  feedback: string;
  reviewedAt: string;
}

export interface PayoutRequestedData {
  submissionId: number;
  taskId: number;
  userId: number;
  recipient: string;
  /** Base units (decimal string). */
  amount: string;
  requestedBy: number | null;
}

export interface PayoutSentData {
  submissionId: number;
  taskId: number;
  txHash: string;
}

export interface PayoutFailedData {
  submissionId: number;
  taskId: number;
  reason: string;
  permanent: boolean;
}

export interface RewardReleasedData extends ChainFact {
  submissionId: number;
  taskId: number;
  userId: number;
  /** The task's escrow key (absent before v2). */
  key?: string;
  recipient: string;
  amount: string;
  reward: number;
}

export interface RewardReleaseRevertedData {
  submissionId: number;
  taskId: number;
  userId: number;
  reward: number;
  txHash: string;
  logIndex: number;
}
