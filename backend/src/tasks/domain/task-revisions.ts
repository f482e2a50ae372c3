import { badRequest, conflict, forbidden } from '../../common/domain-error';
import * as E from './task.events';
import { checkProofMatchesType } from './task-submissions';
import { reviewDeadlineMs } from './task-review-deadline';
import { canReview } from './task-submissions';
import { MESSAGES, REVISION_MESSAGES, Reviewer, SYSTEM_REVIEWER } from './task.messages';
import { EvolverTable, PostEvolverTable, Raised, TaskState, reviewTimesOf, submissionOf, withSubmission } from './task.state';

const T = E.TaskEvents;

/**
 * Revise and resubmit (issue 22): the reviewer asks for changes with feedback; the submission keeps its
 * slot (it still counts in `pending`) for 48 hours or until the review cut-off, whichever is first; the
 * earner sends a revised proof (the same proof rules as a submission) and it is pending again with a new
 * review deadline. Not resubmitted in time, it is rejected with that reason (the scheduler's
 * revision-expiry source; at the cut-off, the cut-off decision). Every function here is pure.
 */
export const RESUBMIT_WITHIN_SECONDS = 48 * 3600;

/** The revision part of a submission's state. */
export interface RevisionSubmissionState {
  /** Milliseconds: while changes_requested, the end of the time to resubmit. */
  readonly resubmitBy: number;
  /** How many times changes were requested. */
  readonly rounds: number;
  /** The current proof (what a revision is compared with). */
  readonly proof: E.ProofData;
}

const proofOf = (d: E.ProofData): E.ProofData => ({ proofLink: d.proofLink, proofText: d.proofText, proofFileUrl: d.proofFileUrl, notes: d.notes });

/** Post-evolvers (chained after the base ones in task.aggregate.ts). */
export const revisionEvolvers = {
  [T.SubmissionSubmitted]: (_b, s, d) => withSubmission(s, d.submissionId, () => ({ rounds: 0, proof: proofOf(d) })),
} satisfies PostEvolverTable;

/** Base evolvers of the new event types: the slot stays held (pending unchanged) through a revision. */
export const revisionBaseEvolvers = {
  [T.SubmissionChangesRequested]: (s, d) =>
    withSubmission(s, d.submissionId, () => ({ status: 'changes_requested', resubmitBy: Date.parse(d.resubmitBy), rounds: d.round })),
  [T.SubmissionResubmitted]: (s, d) => {
    const submittedAt = Date.parse(d.resubmittedAt);
    const reviewDeadline = Date.parse(d.reviewDeadline);
    return withSubmission(s, d.submissionId, () => ({
      status: 'pending', proof: proofOf(d), submittedAt, reviewDeadline, reviewWarned: false, flagged: null,
    }));
  },
} satisfies EvolverTable;

export function decideRequestChanges(
  s: TaskState, taskId: number, submissionId: number, reviewer: Reviewer, feedback: string | null, now: Date,
): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (!canReview(s, reviewer)) throw forbidden(MESSAGES.notReviewer);
  if (sub.userId === reviewer.id) throw forbidden(MESSAGES.ownSubmission);
  if (sub.status !== 'pending') throw conflict(MESSAGES.alreadyDecided(sub.status.replace('_', ' ')));
  const note = feedback?.trim();
  if (!note) throw badRequest(REVISION_MESSAGES.feedbackRequired);
  if (s.escrow.status === 'refunded') throw conflict(MESSAGES.refunded);
  const { reviewUntil } = reviewTimesOf(s);
  if (s.reviewClosed || now.getTime() >= reviewUntil.getTime()) throw conflict(REVISION_MESSAGES.reviewClosed(reviewUntil));
  const resubmitBy = Math.min(now.getTime() + RESUBMIT_WITHIN_SECONDS * 1000, reviewUntil.getTime());
  const data: E.SubmissionChangesRequestedData = {
    submissionId, taskId, userId: sub.userId, reviewerId: reviewer.id, feedback: note, round: (sub.rounds ?? 0) + 1,
    requestedAt: now.toISOString(), resubmitBy: new Date(resubmitBy).toISOString(),
  };
  return [{ type: T.SubmissionChangesRequested, data }];
}

/** The earner's revised proof: pending again, its review deadline restarted from now (the same rule as a submission). */
export function decideResubmit(s: TaskState, taskId: number, submissionId: number, userId: number, proof: E.ProofData, now: Date): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (sub.userId !== userId) throw forbidden(REVISION_MESSAGES.notYours);
  if (sub.status !== 'changes_requested') throw conflict(REVISION_MESSAGES.notRequested(sub.status));
  if (s.escrow.status === 'refunded') throw conflict(MESSAGES.refunded);
  const by = sub.resubmitBy ?? 0;
  if (s.reviewClosed || now.getTime() > by) throw conflict(REVISION_MESSAGES.tooLate(new Date(by)));
  checkProofMatchesType(s.submissionType, proof);
  const reviewDeadline = reviewDeadlineMs(now.getTime(), s.reviewWithinSeconds, reviewTimesOf(s).reviewUntil);
  const data: E.SubmissionResubmittedData = {
    submissionId, taskId, userId, round: sub.rounds ?? 1, ...proofOf(proof), previous: sub.proof ?? proofOf(proof),
    resubmittedAt: now.toISOString(), reviewDeadline: new Date(reviewDeadline).toISOString(),
  };
  return [{ type: T.SubmissionResubmitted, data }];
}

/** The time to resubmit ran out: rejected with that reason, the slot freed. [] when there is nothing to do (a no-op twice). */
export function decideRevisionExpiry(s: TaskState, taskId: number, submissionId: number, now: Date): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (sub.status !== 'changes_requested' || now.getTime() <= (sub.resubmitBy ?? Number.POSITIVE_INFINITY)) return [];
  const data: E.SubmissionRejectedData = {
    submissionId, taskId, userId: sub.userId, reviewerId: SYSTEM_REVIEWER.id, feedback: REVISION_MESSAGES.expired(new Date(sub.resubmitBy!)),
    reviewedAt: now.toISOString(), auto: true,
  };
  return [{ type: T.SubmissionRejected, data }];
}
