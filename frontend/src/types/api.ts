import type { CreatorRecordLine } from '@/lib/creator-record';
import type { components } from './api.generated';
/** Shapes of the backend's JSON (see backend/README.md and /api/docs). Amounts: whole CENT numbers, base units as strings. */
export interface User {
  id: number;
  username: string | null;
  email: string | null;
  walletAddress: string | null;
  bio: string | null;
  isAdmin: boolean;
  profileImage: string | null;
  createdAt: string;
  updatedAt: string;
}

export type SubmissionType = 'text' | 'link' | 'file' | 'mixed';
/** changes_requested: revise and resubmit; appealed: a rejection the earner appealed to the admins (issue 22). */
export type SubmissionStatus = 'pending' | 'approved' | 'rejected' | 'changes_requested' | 'appealed';
export type PayoutStatus = 'requested' | 'sent' | 'released' | 'failed';
export type FundingStatus = 'awaiting_funding' | 'funded' | 'anomaly' | 'funding_anomaly' | 'refunded';

/** The agreed funding object (escrow v2); older backends send flat fields instead, see features/tasks/funding. */
export interface TaskFunding {
  status: 'awaiting_funding' | 'funded' | 'anomaly' | 'refunded';
  chainId: number;
  tokenAddress: string;
  escrowAddress: string;
  funder: string | null;
  method: 'fund';
  args: { taskId: string; reward: string; maxCompletions: string; deadline: string };
  amount: string;
  escrowKey: string | null;
  reviewUntil?: string;
  refundableAt?: string;
  anomalies?: Array<{ kind: string; reason: string; txHash?: string; recovery?: string }>;
}

export interface Task {
  id: number;
  title: string;
  description: string;
  requirements: string;
  category: string;
  creatorId: number;
  reward: number;
  maxCompletions: number;
  completions: number;
  totalSubmissions: number;
  pendingSubmissions?: number;
  estimatedTime: number;
  deadline: string;
  submissionType: SubmissionType;
  isActive: boolean;
  contractAddress: string | null;
  createdAt: string;
  /** "Auto-approve after" in hours (issue 22). */
  reviewWithinHours?: number;
  fundingStatus?: FundingStatus;
  funding?: TaskFunding;
  chainTaskId?: string;
  escrowAmount?: string;
  chainId?: number;
  tokenAddress?: string | null;
  escrowAddress?: string | null;
  /** The creator's record in short (issue 22); null: a new creator. */
  creatorRecord?: CreatorRecordLine | null;
}

export interface TaskPage {
  items: Task[];
  nextCursor: string | null;
  total: number;
}

/** An appeal of a rejection, decided by the admins (issue 22). */
export interface SubmissionAppeal {
  status: 'open' | 'upheld' | 'overturned';
  message: string;
  appealedAt: string;
  decideBy: string;
  reason: string | null;
  decidedAt: string | null;
  decidedBySystem: boolean;
}

export interface Submission {
  id: number;
  taskId: number;
  userId: number;
  proofLink: string | null;
  proofText: string | null;
  proofFileUrl: string | null;
  notes: string | null;
  status: SubmissionStatus;
  reviewedBy: number | null;
  reviewNotes: string | null;
  reviewedAt: string | null;
  transactionHash: string | null;
  aiValidated?: boolean;
  /** The payout's progress after an approval (requested → sent → released, or failed with payoutError). */
  payoutStatus?: PayoutStatus | null;
  payoutError?: string | null;
  /** Pending and unreviewed by then, it is approved automatically (unless the spam guard flagged it: reviewFlag). */
  reviewDeadline?: string | null;
  reviewFlag?: string | null;
  /** Decided by the system (auto-approval, cut-off); reviewedBy is then 0. */
  reviewedBySystem?: boolean;
  /** Issue 22: while changes_requested, the revision is due by then (or the submission is rejected). */
  resubmitBy?: string | null;
  /** Issue 22: a rejection not yet appealed can be appealed until then, while slotFree (an open appeal holds a slot). */
  appealUntil?: string | null;
  slotFree?: boolean;
  appeal?: SubmissionAppeal | null;
  createdAt: string;
  updatedAt?: string;
  task?: { id: number; title: string; category: string; reward: number; creatorId: number };
}

export interface PublicConfig {
  chainId: number;
  chainIdHex: string;
  chainName: string;
  rpcUrl: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  explorerUrl: string | null;
  token: { address: string | null; symbol: 'CENT'; decimals: 18 };
  escrowAddress: string | null;
  /** The escrow's first block: where reading its logs starts (null: from block 0). */
  escrowDeploymentBlock?: number | null;
  links: { chart: string; buy: string; social: string; chat: string; whitepaper: string; walletDeepLink: string };
}

/**
 * Issue 22: the validator's evidence as the reviewers (the task's creator, admins) get it with a submission and in
 * the admins' flagged queue: the spam guard's flag, the signals it reads with their scores and the other submissions.
 */
export type ReviewEvidence = components['schemas']['ReviewEvidenceView'];
export type EvidenceSignal = components['schemas']['EvidenceSignalView'];
