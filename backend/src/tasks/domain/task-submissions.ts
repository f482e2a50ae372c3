import { badRequest, conflict, forbidden } from '../../common/domain-error';
import { SubmissionType } from './task.constants';
import * as E from './task.events';
import { releasesNotDecided } from './task-payouts';
import { MESSAGES, Reviewer } from './task.messages';
import { EvolverTable, Raised, TaskState, reviewTimesOf, submissionOf, withSubmission } from './task.state';
import { writableMap } from './task-fold-draft';

const T = E.TaskEvents;

/** Submissions: proof, slots, one per user, review. */
export const submissionEvolvers = {
  [T.SubmissionSubmitted]: (s, d) => {
    const submissions = writableMap(s.submissions);
    submissions.set(d.submissionId, {
      id: d.submissionId,
      userId: d.userId,
      status: 'pending',
      payout: null,
      recipient: null,
      payoutTxHash: null,
      releasedTxHash: null,
      aiValidated: false,
    });
    const submissionByUser = writableMap(s.submissionByUser);
    submissionByUser.set(d.userId, d.submissionId);
    return { ...s, submissions, submissionByUser, pending: s.pending + 1 };
  },
  [T.SubmissionAiValidated]: (s, d) => withSubmission(s, d.submissionId, () => ({ aiValidated: true })),
  [T.SubmissionApproved]: (s, d) => ({
    ...withSubmission(s, d.submissionId, () => ({ status: 'approved' })),
    pending: s.pending - 1,
    approved: s.approved + 1,
  }),
  [T.SubmissionRejected]: (s, d) => ({
    ...withSubmission(s, d.submissionId, () => ({ status: 'rejected' })),
    pending: s.pending - 1,
  }),
} satisfies EvolverTable;

export function decideSubmit(s: TaskState, taskId: number, submissionId: number, userId: number, proof: E.ProofData, now: Date): Raised[] {
  if (s.escrow.status === 'refunded') throw conflict(MESSAGES.refunded);
  if (s.escrow.status !== 'funded') throw conflict(MESSAGES.notFunded);
  if (!s.isActive) throw conflict(MESSAGES.inactive);
  if (now.getTime() >= s.deadline) throw conflict(MESSAGES.deadlinePassed);
  if (userId === s.creatorId) throw forbidden(MESSAGES.ownTask);
  if (s.submissionByUser.has(userId)) throw conflict(MESSAGES.alreadySubmitted);
  // The escrow's payouts: every pending or approved submission holds one, and so does every release the app
  // did not decide (the chain counts those against maxCompletions too).
  const notDecided = releasesNotDecided(s);
  if (s.pending + s.approved + notDecided >= s.maxCompletions) {
    throw conflict(notDecided ? MESSAGES.escrowEmptied(notDecided, s.maxCompletions) : MESSAGES.full(s.maxCompletions));
  }
  checkProofMatchesType(s.submissionType, proof);
  const data: E.SubmissionSubmittedData = { submissionId, taskId, userId, ...proof, createdAt: now.toISOString() };
  return [{ type: T.SubmissionSubmitted, data }];
}

export function canReview(s: TaskState, actor: Reviewer): boolean {
  return actor.isAdmin || actor.id === s.creatorId;
}

/**
 * Approve or reject. An approval is refused once review has closed (deadline + reviewWindow - margin):
 * after that the funder could refund before the payout is mined. A rejection pays nothing and stays possible.
 */
export function decideReview(
  s: TaskState, taskId: number, submissionId: number, reviewer: Reviewer, decision: 'approved' | 'rejected', feedback: string | null, now: Date,
): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (!canReview(s, reviewer)) throw forbidden(MESSAGES.notReviewer);
  if (sub.userId === reviewer.id) throw forbidden(MESSAGES.ownSubmission);
  if (sub.status !== 'pending') throw conflict(MESSAGES.alreadyDecided(sub.status));
  const note = feedback?.trim() ? feedback.trim() : null;
  const base = { submissionId, taskId, userId: sub.userId, reviewerId: reviewer.id, reviewedAt: now.toISOString() };
  if (decision === 'rejected') {
    if (!note) throw badRequest(MESSAGES.feedbackRequired);
    const data: E.SubmissionRejectedData = { ...base, feedback: note };
    return [{ type: T.SubmissionRejected, data }];
  }
  if (s.escrow.status === 'refunded') throw conflict(MESSAGES.refunded);
  const { reviewUntil } = reviewTimesOf(s);
  if (now.getTime() > reviewUntil.getTime()) throw conflict(MESSAGES.reviewClosed(reviewUntil));
  if (s.approved >= s.maxCompletions) throw conflict(MESSAGES.allApproved(s.maxCompletions));
  const notDecided = releasesNotDecided(s);
  if (s.approved + notDecided >= s.maxCompletions) throw conflict(MESSAGES.escrowEmptied(notDecided, s.maxCompletions));
  const data: E.SubmissionApprovedData = { ...base, feedback: note, reward: s.reward };
  return [{ type: T.SubmissionApproved, data }];
}

export function decideAiValidation(
  s: TaskState, taskId: number, submissionId: number, result: Record<string, unknown>, validatedBy: number | null, durationMs: number,
): Raised[] {
  submissionOf(s, submissionId);
  const data: E.SubmissionAiValidatedData = { submissionId, taskId, result, validatedBy, durationMs };
  return [{ type: T.SubmissionAiValidated, data }];
}

const URL_RE = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

function present(v: string | null): v is string {
  return typeof v === 'string' && v.trim().length > 0;
}

/** Spec part 1 "On submit by type": the proof must be of the task's submission type. */
export function checkProofMatchesType(type: SubmissionType, p: E.ProofData): void {
  if (p.proofLink !== null && p.proofLink !== '' && !URL_RE.test(p.proofLink.trim())) throw badRequest('Please enter a valid URL');
  if (p.proofText !== null && p.proofText.trim() === '' && type !== 'link' && type !== 'file') {
    throw badRequest('Please provide proof text');
  }
  if (type === 'link' && !present(p.proofLink)) throw badRequest(MESSAGES.missingLink);
  if (type === 'text' && !present(p.proofText)) throw badRequest(MESSAGES.missingText);
  if (type === 'file' && !present(p.proofFileUrl)) throw badRequest(MESSAGES.missingFile);
  if (type === 'mixed' && !present(p.proofLink) && !present(p.proofText) && !present(p.proofFileUrl)) {
    throw badRequest(MESSAGES.missingProof);
  }
}
