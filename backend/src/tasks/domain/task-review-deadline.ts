import { storableDateOfSeconds } from '../../common/dates';
import * as E from './task.events';
import { upheldAtCutOff } from './task-appeals';
import { deadlineSeconds, reviewTimes } from './task-escrow-terms';
import { CUT_OFF_IS_FINAL, REVISION_MESSAGES, SYSTEM_REVIEWER } from './task.messages';
import { decideReview } from './task-submissions';
import { PostEvolverTable, Raised, SubmissionState, TaskState, reviewTimesOf, submissionOf, withSubmission } from './task.state';

const T = E.TaskEvents;

/**
 * Review deadlines (issue 22, "Review deadline with auto-approval"): every submission must be decided by
 * `submittedAt + reviewWithin`, never later than the task's review cut-off (`reviewUntil`). Unreviewed by
 * then it is approved by the system, unless the validator flagged it (then the admins decide; at the
 * cut-off a flagged one nobody reviewed is rejected). The cut-off resolves every pending submission, so
 * none is ever pending when the refund opens (an invariant of the task aggregate).
 *
 * Every function here is pure: the scheduler (src/scheduler) applies them through commands, and the
 * aggregate refuses a second decision (a no-op), which is what makes the scheduler's decisions exactly once.
 */

/** "Auto-approve after": a task setting in whole hours (create form), stored in seconds. */
export const REVIEW_WITHIN_HOURS = { default: 72, min: 1, max: 30 * 24 } as const;
/** The one default for tasks created before the setting existed (their TaskCreated has no reviewWithinSeconds: task-event-upcaster.ts). */
export const DEFAULT_REVIEW_WITHIN_SECONDS = REVIEW_WITHIN_HOURS.default * 3600;

/**
 * The last automatic approvals fall due this long before the cut-off, so the scheduler (polling every
 * second or so) has time to apply them while approvals are still accepted; a human may still approve up to
 * the cut-off itself.
 */
export const AUTO_APPROVAL_LEAD_SECONDS = 10 * 60;

/** The creator is warned 12 hours before a review deadline, or halfway through a shorter one. */
export const REVIEW_WARNING_BEFORE_SECONDS = 12 * 3600;

/** A task's review terms as its TaskCreated (current shape) states them: "auto-approve after" and the review cut-off. */
export function reviewTermsOf(created: Pick<E.TaskCreatedData, 'deadline' | 'reviewWindowSeconds' | 'reviewCloseMarginSeconds' | 'reviewWithinSeconds'>) {
  const { reviewUntil } = reviewTimes(deadlineSeconds(created.deadline), created.reviewWindowSeconds, created.reviewCloseMarginSeconds);
  return { reviewWithinSeconds: created.reviewWithinSeconds, reviewUntil };
}

/**
 * THE review deadline rule: submittedAt + reviewWithin, at most the cut-off less the scheduler's lead,
 * never before the submission itself. Milliseconds; clamped into storable dates (common/dates.ts).
 */
export function reviewDeadlineMs(submittedAtMs: number, reviewWithinSeconds: number, reviewUntil: Date): number {
  const cap = reviewUntil.getTime() - AUTO_APPROVAL_LEAD_SECONDS * 1000;
  if (!Number.isFinite(submittedAtMs)) return cap;
  const due = storableDateOfSeconds(BigInt(Math.floor(submittedAtMs / 1000)) + BigInt(reviewWithinSeconds)).getTime();
  return Math.max(Math.min(due, cap), Math.min(submittedAtMs, reviewUntil.getTime()));
}

/** When the creator is told that a review deadline is near. */
export function reviewWarningAtMs(submittedAtMs: number, reviewDeadline: number): number {
  const span = Number.isFinite(submittedAtMs) ? reviewDeadline - submittedAtMs : 0;
  return reviewDeadline - Math.min(REVIEW_WARNING_BEFORE_SECONDS * 1000, Math.max(0, Math.floor(span / 2)));
}

/** "not reviewed within 72 hours" (the task's actual setting). */
export function durationWords(seconds: number): string {
  if (seconds > 72 * 3600 && seconds % 86_400 === 0) return `${seconds / 86_400} days`;
  const hours = Math.round(seconds / 3600);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export const REVIEW_DEADLINE_MESSAGES = {
  autoApproved: (seconds: number) => `Approved automatically: not reviewed within ${durationWords(seconds)}.`,
  flaggedAtCutOff: (reason: string, until: Date) =>
    `Rejected at the review cut-off (${until.toISOString()}): the spam guard flagged this submission (${reason}) and no ` +
    `admin reviewed it in time. ${CUT_OFF_IS_FINAL}`,
  missedAtCutOff: (until: Date) =>
    `Rejected at the review cut-off (${until.toISOString()}): nobody reviewed this submission and it could not be approved ` +
    `automatically before approvals closed. ${CUT_OFF_IS_FINAL}`,
  refunded: "Rejected: the task's escrow was refunded to its creator before this submission was reviewed.",
  reviewWithinInvalid: `Auto-approve after must be a whole number of hours from ${REVIEW_WITHIN_HOURS.min} to ${REVIEW_WITHIN_HOURS.max} (30 days)`,
} as const;

/** The review-deadline part of a task's and a submission's state. */
export interface ReviewDeadlineTaskState {
  readonly reviewWithinSeconds: number;
  /** The cut-off decision was taken: no submission is pending, none can be approved. */
  readonly reviewClosed: boolean;
}

export interface ReviewDeadlineSubmissionState {
  readonly submittedAt: number;
  readonly reviewDeadline: number;
  readonly reviewWarned: boolean;
  /** Why the validator flagged it (then only admins decide it); null: not flagged. */
  readonly flagged: string | null;
}

/**
 * Evolvers that run AFTER the base evolver of the same event type (task.aggregate.ts chains them), so this
 * file adds its fields without touching the submissions' own evolvers.
 */
export const reviewDeadlineEvolvers = {
  [T.TaskCreated]: (_b, s, d) => ({ ...s, reviewWithinSeconds: d.reviewWithinSeconds, reviewClosed: false }),
  [T.SubmissionSubmitted]: (_b, s, d) => {
    const submittedAt = Date.parse(d.createdAt);
    // Older events recorded no reviewDeadline: the same rule, from the task's terms (state the event-local upcaster cannot see).
    const reviewDeadline = d.reviewDeadline ? Date.parse(d.reviewDeadline) : reviewDeadlineMs(submittedAt, s.reviewWithinSeconds, reviewTimesOf(s).reviewUntil);
    return withSubmission(s, d.submissionId, () => ({ submittedAt, reviewDeadline, reviewWarned: false, flagged: null }));
  },
  [T.SubmissionReviewDueSoon]: (_b, s, d) => withSubmission(s, d.submissionId, () => ({ reviewWarned: true })),
  [T.SubmissionFlaggedForAdmins]: (_b, s, d) => withSubmission(s, d.submissionId, () => ({ flagged: d.reason })),
  [T.TaskReviewCutOff]: (_b, s) => ({ ...s, reviewClosed: true }),
} satisfies PostEvolverTable;

/** The SubmissionSubmitted a decision raised, with its review deadline recorded (so reads never recompute it). */
export function withReviewDeadline(s: TaskState, raised: Raised[]): Raised[] {
  return raised.map((e) => {
    if (e.type !== T.SubmissionSubmitted) return e;
    const d = e.data as E.SubmissionSubmittedData;
    const deadline = reviewDeadlineMs(Date.parse(d.createdAt), s.reviewWithinSeconds, reviewTimesOf(s).reviewUntil);
    return { ...e, data: { ...d, reviewDeadline: new Date(deadline).toISOString() } };
  });
}

const isPending = (sub: SubmissionState) => sub.status === 'pending';
/** Always set by the evolver above; the fallbacks only satisfy the type (SubmissionState's fields are optional). */
const deadlineOf = (sub: SubmissionState) => sub.reviewDeadline ?? Number.POSITIVE_INFINITY;

/** The creator's warning, once, while the deadline is near and nobody decided; [] otherwise. */
export function decideReviewWarning(s: TaskState, taskId: number, submissionId: number, now: Date): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (!isPending(sub) || sub.reviewWarned || sub.flagged || s.reviewClosed) return [];
  const t = now.getTime();
  if (t < reviewWarningAtMs(sub.submittedAt ?? Number.NaN, deadlineOf(sub)) || t >= deadlineOf(sub)) return [];
  const data: E.SubmissionReviewDueSoonData = {
    submissionId, taskId, userId: sub.userId, creatorId: s.creatorId, reviewDeadline: new Date(deadlineOf(sub)).toISOString(), warnedAt: now.toISOString(),
  };
  return [{ type: T.SubmissionReviewDueSoon, data }];
}

/**
 * The review deadline passed: the submission is approved by the system (and paid like any approval: the
 * handler requests the payout in the same append), or, when the validator flagged it (`flagReason`), handed
 * to the admins. [] when there is nothing to decide (decided already, flagged already, not due yet, or
 * past the cut-off, which the cut-off decision resolves): a second run is a no-op.
 */
export function decideAutoReview(s: TaskState, taskId: number, submissionId: number, flagReason: string | null, now: Date): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (!isPending(sub) || sub.flagged || s.reviewClosed || now.getTime() < deadlineOf(sub)) return [];
  if (now.getTime() > reviewTimesOf(s).reviewUntil.getTime()) return [];
  if (flagReason) {
    const data: E.SubmissionFlaggedForAdminsData = {
      submissionId, taskId, userId: sub.userId, reason: flagReason, reviewDeadline: new Date(deadlineOf(sub)).toISOString(),
      decideBy: reviewTimesOf(s).reviewUntil.toISOString(), flaggedAt: now.toISOString(), stage: 'review_deadline',
    };
    return [{ type: T.SubmissionFlaggedForAdmins, data }];
  }
  try {
    const raised = decideReview(s, taskId, submissionId, SYSTEM_REVIEWER, 'approved', REVIEW_DEADLINE_MESSAGES.autoApproved(s.reviewWithinSeconds), now);
    return raised.map((e) => ({ ...e, data: { ...e.data, auto: true } }));
  } catch (err) {
    // No slot or payout left (releases the app did not decide): nothing to approve automatically; the cut-off
    // rejects it with its reason. Any other refusal is a real error.
    if ((err as { status?: number }).status === 409) return [];
    throw err;
  }
}

/**
 * The review cut-off (or the refund, whichever the app sees first): every submission still pending is
 * rejected with its reason (so is one whose changes were requested and not resubmitted; an open appeal is
 * upheld), and the task records that review is closed. After it no submission is pending
 * and none can be approved (decideReview refuses approvals past reviewUntil): the invariant "nothing is
 * pending when the refund opens". [] before the cut-off (unless refunded) and when it was taken already.
 */
export function decideReviewCutOff(s: TaskState, taskId: number, now: Date, cause: 'cut_off' | 'refunded'): Raised[] {
  if (s.reviewClosed) return [];
  const { reviewUntil } = reviewTimesOf(s);
  if (cause === 'cut_off' && now.getTime() <= reviewUntil.getTime()) return [];
  // A refund closes review by itself (nothing can be approved from a refunded escrow): only pending ones need a decision.
  if (cause === 'refunded' && s.pending === 0) return [];
  const out: Raised[] = [];
  for (const sub of s.submissions.values()) {
    // An open appeal is upheld by the system (issue 22: nobody decided it in time); it holds no slot after.
    if (sub.status === 'appealed') {
      const upheld = upheldAtCutOff(taskId, sub, reviewUntil, now);
      if (cause === 'refunded') (upheld.data as E.SubmissionAppealDecidedData).reason = REVIEW_DEADLINE_MESSAGES.refunded;
      out.push(upheld);
      continue;
    }
    if (!isPending(sub) && sub.status !== 'changes_requested') continue;
    const feedback = cause === 'refunded' ? REVIEW_DEADLINE_MESSAGES.refunded
      : sub.status === 'changes_requested' ? REVISION_MESSAGES.expiredAtCutOff(reviewUntil)
      : sub.flagged ? REVIEW_DEADLINE_MESSAGES.flaggedAtCutOff(sub.flagged, reviewUntil) : REVIEW_DEADLINE_MESSAGES.missedAtCutOff(reviewUntil);
    const data: E.SubmissionRejectedData = {
      submissionId: sub.id, taskId, userId: sub.userId, reviewerId: SYSTEM_REVIEWER.id, feedback, reviewedAt: now.toISOString(), auto: true,
    };
    out.push({ type: T.SubmissionRejected, data });
  }
  const data: E.TaskReviewCutOffData = { taskId, cause, reviewUntil: reviewUntil.toISOString(), rejected: out.length, at: now.toISOString() };
  return [...out, { type: T.TaskReviewCutOff, data }];
}
