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
  /** A funding anomaly's escrow was refunded by its funder: the anomaly is recovered. */
  StrayEscrowRefunded: 'StrayEscrowRefunded',
  /** Compensation: the block holding a funding/refund fact was dropped by a reorganisation. */
  TaskFundingReverted: 'TaskFundingReverted',
  TaskRefundReverted: 'TaskRefundReverted',
  SubmissionSubmitted: 'SubmissionSubmitted',
  SubmissionAiValidated: 'SubmissionAiValidated',
  SubmissionApproved: 'SubmissionApproved',
  SubmissionRejected: 'SubmissionRejected',
  /** Review deadlines (aggregate/task-review-deadline.ts): the creator's warning, the spam guard's flag, the cut-off. */
  SubmissionReviewDueSoon: 'SubmissionReviewDueSoon',
  SubmissionFlaggedForAdmins: 'SubmissionFlaggedForAdmins',
  /** The spam guard checked a proof when it was sent and found nothing (aggregate/task-spam-check.ts). */
  SubmissionSpamChecked: 'SubmissionSpamChecked',
  TaskReviewCutOff: 'TaskReviewCutOff',
  PayoutRequested: 'PayoutRequested',
  PayoutSent: 'PayoutSent',
  PayoutFailed: 'PayoutFailed',
  RewardReleased: 'RewardReleased',
  RewardReleaseReverted: 'RewardReleaseReverted',
  /** A RewardReleased log that is not a payout the app decided (admins see it; never counted as paid). */
  PayoutAnomalyDetected: 'PayoutAnomalyDetected',
  PayoutAnomalyReverted: 'PayoutAnomalyReverted',
  /**
   * Revise and resubmit, appeals (aggregate/task-revisions.ts, task-appeals.ts): changes requested (the slot is
   * held until resubmitBy), a revised proof (pending again), an appeal of a rejection (holds a slot), its
   * decision (upheld; or overturned, followed by a SubmissionApproved in the same append).
   */
  SubmissionChangesRequested: 'SubmissionChangesRequested',
  SubmissionResubmitted: 'SubmissionResubmitted',
  SubmissionAppealed: 'SubmissionAppealed',
  SubmissionAppealUpheld: 'SubmissionAppealUpheld',
  SubmissionAppealOverturned: 'SubmissionAppealOverturned',
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
  /**
   * The escrow's review window and the app's closing margin when the task was created (absent in older
   * events: task-event-upcaster.ts fills task-escrow-terms.ts defaults). Approvals close at deadline + window - margin.
   */
  reviewWindowSeconds: number;
  reviewCloseMarginSeconds: number;
  /** "Auto-approve after" (absent in older events: the upcaster fills 72 hours, task-review-deadline.ts). */
  reviewWithinSeconds: number;
  createdAt: string;
}

/**
 * A TaskEscrow v2 funding as the log states it: its key and terms (base units, unix seconds, decimal
 * strings). Events recorded before v2 carry only `funder` and `amount`.
 */
export interface FundingTermsData {
  /** The escrow's key; null: a log without one (before v2; stored without the field, read as null by the upcaster). */
  key: string | null;
  funder: string;
  reward?: string;
  maxCompletions?: string;
  deadline?: string;
  amount: string;
}

export interface TaskFundedData extends ChainFact, FundingTermsData {
  taskId: number;
}

/**
 * foreign_funder: another wallet funded the task id while the task was not funded (the creator sees it: it
 * may be their own other wallet); stranger_escrow: the same once the task counts as funded (or refunded),
 * information for admins only (issue 19: anyone can create any number of them for 1 base unit each).
 */
export type FundingAnomalyKind = 'foreign_funder' | 'stranger_escrow' | 'wrong_terms' | 'duplicate_funding';

export interface TaskFundingAnomalyData extends ChainFact, FundingTermsData {
  taskId: number;
  /** Absent in events recorded before v2 (the upcaster reads them as wrong_terms). */
  kind: FundingAnomalyKind;
  /** Every way the funding differs from the task's terms, in plain words. */
  reason: string;
  /** What the creator can do, with the escrow's own refund date (null: an older event that did not say). */
  recovery: string | null;
}

export interface TaskRefundedData extends ChainFact {
  taskId: number;
  key?: string;
  amount: string;
}

export interface StrayEscrowRefundedData extends ChainFact {
  taskId: number;
  key: string;
  funder: string;
  amount: string;
  /**
   * Stray escrows of the task id still open after this refund (EscrowFacts.openStrays, funding-status.ts): the
   * read table lists only the first strangers' escrows, so it cannot tell by itself whether this one was the
   * last. Absent in older events (the read table counts what it lists, and the unlisted ones as open).
   */
  openStrays?: number;
}

/**
 * Compensation of a funding or refund log whose block a reorganisation dropped: the task's funding (or
 * refund), a funding anomaly or a stray escrow's refund with that tx hash and log index is undone.
 */
export interface ChainFactRevertedData {
  taskId: number;
  txHash: string;
  logIndex: number;
  /** What the state is after the compensation. */
  fundingStatus?: FundingStatus;
  /** The task's own escrow (absent in older events: the upcaster reads 'escrow') or a funding anomaly's / its refund. */
  target: 'escrow' | 'anomaly';
  /** The anomaly's escrow key (target 'anomaly' of a refund). */
  key?: string;
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
  /** submittedAt + the task's reviewWithin, capped by the cut-off (absent in older events: derived by the same rule). */
  reviewDeadline?: string;
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
  /** Decided by the system at the review deadline (reviewerId 0), not by a person. */
  auto?: boolean;
  /** The approval of an overturned appeal (issue 22). */
  appeal?: boolean;
}

export interface SubmissionRejectedData {
  submissionId: number;
  taskId: number;
  userId: number;
  reviewerId: number;
  feedback: string;
  reviewedAt: string;
  /** Decided by the system at the review cut-off or the refund (reviewerId 0), not by a person. */
  auto?: boolean;
}

/** The creator is told that a submission will be approved automatically at `reviewDeadline`. */
export interface SubmissionReviewDueSoonData {
  submissionId: number;
  taskId: number;
  userId: number;
  creatorId: number;
  reviewDeadline: string;
  warnedAt: string;
}

/**
 * The validator flagged a submission, when its proof was sent or at its review deadline: never auto-approved;
 * admins decide by `decideBy`.
 */
export interface SubmissionFlaggedForAdminsData {
  submissionId: number;
  taskId: number;
  userId: number;
  reason: string;
  reviewDeadline: string;
  /** The task's review cut-off: unreviewed by then, it is rejected with the reason. */
  decideBy: string;
  flaggedAt: string;
  /** When the check ran: the proof was just sent ('submitted'), or its review deadline passed (absent in older events). */
  stage?: 'submitted' | 'review_deadline';
}

/** The spam guard's check of the proof just sent found nothing: it is not checked again until a revision. */
export interface SubmissionSpamCheckedData {
  submissionId: number;
  taskId: number;
  userId: number;
  checkedAt: string;
}

/** Review of the task is closed: every submission still pending was rejected (`rejected` of them). */
export interface TaskReviewCutOffData {
  taskId: number;
  cause: 'cut_off' | 'refunded';
  reviewUntil: string;
  rejected: number;
  at: string;
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

/**
 * Why a payout could not be sent (absent in older events: read from the reason by the upcaster, else escrow_refused):
 * - no_wallet: the earner had no linked wallet; requested again when they link one;
 * - not_funded: the task's escrow is not funded (yet; e.g. a reorganisation dropped the funding); requested
 *   again when the task is funded;
 * - escrow_full: the escrow has no payout left (releases the app did not request took them); final;
 * - escrow_refused: any other escrow error (window closed, role revoked); final;
 * - refunded: the creator refunded the escrow before this approved reward was paid; final (a real
 *   difference for `npm run audit` and the escrow view).
 */
export type PayoutFailureCause = 'no_wallet' | 'not_funded' | 'escrow_full' | 'escrow_refused' | 'refunded';

export interface PayoutFailedData {
  submissionId: number;
  taskId: number;
  /** In plain words, with what the earner, the creator and the admins can do. */
  reason: string;
  permanent: boolean;
  /** Absent in older events and when the caller named none: the upcaster reads it from the reason. */
  cause: PayoutFailureCause;
}

export interface RewardReleasedData extends ChainFact {
  submissionId: number;
  taskId: number;
  userId: number;
  /** The task's escrow key (absent before v2). */
  key?: string;
  recipient: string;
  /** Base units released on chain (equals the task's reward: anything else is a PayoutAnomaly). */
  amount: string;
  /** Whole CENT (the leaderboard's unit). */
  reward: number;
}

export type PayoutAnomalyKind = 'unknown_submission' | 'not_approved' | 'wrong_recipient' | 'wrong_amount' | 'wrong_escrow' | 'paid_twice';

export interface PayoutAnomalyData extends ChainFact {
  taskId: number;
  submissionId: number;
  key: string;
  recipient: string;
  amount: string;
  kind: PayoutAnomalyKind;
  reason: string;
}

export interface PayoutAnomalyRevertedData {
  taskId: number;
  submissionId: number;
  txHash: string;
  logIndex: number;
}

export interface RewardReleaseRevertedData {
  submissionId: number;
  taskId: number;
  userId: number;
  reward: number;
  /** Base units the dropped release had paid (absent in older events: the upcaster fills reward x 10^18). */
  amount: string;
  txHash: string;
  logIndex: number;
}

/* Revise and resubmit, appeals (issue 22; aggregate/task-revisions.ts, aggregate/task-appeals.ts). */

export interface SubmissionChangesRequestedData {
  submissionId: number;
  taskId: number;
  userId: number;
  reviewerId: number;
  feedback: string;
  /** 1 for the first request on this submission, then 2, … */
  round: number;
  requestedAt: string;
  /** min(requestedAt + 48 hours, the task's review cut-off): not resubmitted by then, it is rejected. */
  resubmitBy: string;
}

export interface SubmissionResubmittedData extends ProofData {
  submissionId: number;
  taskId: number;
  userId: number;
  round: number;
  /** The proof before this revision (what changed is shown against it). */
  previous: ProofData;
  resubmittedAt: string;
  /** The restarted review deadline (the same rule as a new submission's). */
  reviewDeadline: string;
}

export interface SubmissionAppealedData {
  submissionId: number;
  taskId: number;
  userId: number;
  message: string;
  appealedAt: string;
  /** The task's review cut-off: undecided by then, the appeal is upheld automatically. */
  decideBy: string;
}

export interface SubmissionAppealDecidedData {
  submissionId: number;
  taskId: number;
  userId: number;
  /** The admin who decided; 0 = the system (at the cut-off). */
  adminId: number;
  reason: string | null;
  decidedAt: string;
  auto?: boolean;
}
