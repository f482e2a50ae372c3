import { DomainEvent } from '../../event-store/aggregate';
import { notFound } from '../../common/domain-error';
import { FundingStatus, PayoutStatus, SubmissionStatus, SubmissionType } from './task.constants';
import { deadlineSeconds, reviewTimes } from './task-escrow-terms';
import { MESSAGES } from './task.messages';
import { PayoutFailureCause } from './task.events';
import type { TaskEventDataMap, TaskEventType } from './task-event';
import type { AppealSubmissionState } from './task-appeals';
import type { ReviewDeadlineSubmissionState, ReviewDeadlineTaskState } from './task-review-deadline';
import type { RevisionSubmissionState } from './task-revisions';
import type { SpamCheckSubmissionState } from './task-spam-check';
import { writableMap } from './task-fold-draft';

/**
 * The task aggregate's state. Every part is read-only: `evolve` returns new objects (and new Maps) and
 * never changes a state it was given, so a state can be kept, compared or replayed safely. (Within one fold
 * over several events a Map is copied once and then changed in place: task-fold-draft.ts.)
 */
export interface SubmissionState
  extends Partial<ReviewDeadlineSubmissionState>, Partial<RevisionSubmissionState>, Partial<AppealSubmissionState>, Partial<SpamCheckSubmissionState> {
  readonly id: number;
  readonly userId: number;
  readonly status: SubmissionStatus;
  readonly payout: PayoutStatus | null;
  /** The wallet the current payout request was made for (PayoutRequested.recipient). */
  readonly recipient: string | null;
  readonly payoutTxHash: string | null;
  readonly releasedTxHash: string | null;
  readonly aiValidated: boolean;
  /** Why the last payout attempt failed (payout 'failed'); null otherwise. */
  readonly payoutFailure?: PayoutFailureCause | null;
}

/** A funding of this task id the app did not accept (stranger, other terms, a second escrow). */
export interface StrayEscrow {
  readonly key: string | null;
  readonly txHash: string;
  readonly logIndex: number;
  readonly refunded: boolean;
  readonly refundTxHash: string | null;
  /** A stranger's escrow recorded while the task was funded (stranger_escrow): never makes the task an anomaly. */
  readonly stranger?: boolean;
}

/** A RewardReleased log the app did not accept as a payout. */
export interface PayoutAnomaly {
  /** The escrow it was released from (null: unknown, older events): one of the task's own payouts when it is the task's key. */
  readonly key?: string | null;
  readonly submissionId: number;
  readonly txHash: string;
  readonly logIndex: number;
}

export interface EscrowState {
  readonly status: FundingStatus;
  /** The key of the funding that counted (null before v2 events, or while unfunded). */
  readonly key: string | null;
  readonly funder: string | null;
  readonly fundedTxHash: string | null;
  readonly refundTxHash: string | null;
  readonly strays: readonly StrayEscrow[];
  readonly payoutAnomalies: readonly PayoutAnomaly[];
}

export interface TaskState extends ReviewDeadlineTaskState {
  readonly creatorId: number;
  readonly reward: number;
  readonly maxCompletions: number;
  /** Milliseconds since the epoch (whole seconds for tasks created since v2). */
  readonly deadline: number;
  readonly isActive: boolean;
  readonly submissionType: SubmissionType;
  readonly chainId: number;
  readonly escrowAmount: string;
  readonly reviewWindowSeconds: number;
  readonly reviewCloseMarginSeconds: number;
  readonly escrow: EscrowState;
  readonly submissions: ReadonlyMap<number, SubmissionState>;
  readonly submissionByUser: ReadonlyMap<number, number>;
  /** Submissions holding a slot undecided: pending, changes requested, appealed. */
  readonly pending: number;
  readonly approved: number;
  readonly released: number;
}

/** A pure state transition for one event type, given its data in the current shape (task-event-upcaster.ts). */
export type Evolver<K extends TaskEventType> = (state: TaskState, data: TaskEventDataMap[K]) => TaskState;

/** Transitions by event type; a type without one leaves the state as it is. */
export type EvolverTable = { readonly [K in TaskEventType]?: Evolver<K> };

/**
 * Transitions that run after the base one of the same type (a feature adding its fields to an event's
 * transition, e.g. review deadlines): `before` is the state the base transition was given. Read only its
 * scalar fields: within a fold its Maps may already be the fold's drafts, showing this event (task-fold-draft.ts).
 */
export type PostEvolverTable = { readonly [K in TaskEventType]?: (before: TaskState, after: TaskState, data: TaskEventDataMap[K]) => TaskState };

/** What a decision raises: applied at once (later checks see it) and appended with the command. */
export type Raised = DomainEvent;

export function initialTaskState(): TaskState {
  return {
    creatorId: 0,
    reward: 0,
    maxCompletions: 0,
    deadline: 0,
    isActive: false,
    submissionType: 'text',
    chainId: 0,
    escrowAmount: '0',
    reviewWindowSeconds: 0,
    reviewCloseMarginSeconds: 0,
    reviewWithinSeconds: 0,
    reviewClosed: false,
    escrow: { status: 'awaiting_funding', key: null, funder: null, fundedTxHash: null, refundTxHash: null, strays: [], payoutAnomalies: [] },
    submissions: new Map(),
    submissionByUser: new Map(),
    pending: 0,
    approved: 0,
    released: 0,
  };
}

export function submissionOf(s: TaskState, submissionId: number): SubmissionState {
  const sub = s.submissions.get(submissionId);
  if (!sub) throw notFound(MESSAGES.submissionNotFound);
  return sub;
}

/** Until when approvals are accepted, and from when the escrow can be refunded (task-escrow-terms.ts). */
export function reviewTimesOf(s: TaskState): { reviewUntil: Date; refundableAt: Date } {
  return reviewTimes(deadlineSeconds(s.deadline), s.reviewWindowSeconds, s.reviewCloseMarginSeconds);
}

/**
 * The state with one submission replaced by `patch` applied to it (a new Map, or the running fold's draft of
 * it: task-fold-draft.ts; the state given is untouched either way).
 */
export function withSubmission(s: TaskState, submissionId: number, patch: (sub: SubmissionState) => Partial<SubmissionState>): TaskState {
  const sub = s.submissions.get(submissionId);
  if (!sub) throw new Error(`event for unknown submission ${submissionId}`);
  const submissions = writableMap(s.submissions);
  submissions.set(submissionId, { ...sub, ...patch(sub) });
  return { ...s, submissions };
}

export function withEscrow(s: TaskState, patch: Partial<EscrowState>): TaskState {
  return { ...s, escrow: { ...s.escrow, ...patch } };
}

export const sameHex = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
