import * as E from './task.events';
import { PostEvolverTable, Raised, TaskState, reviewTimesOf, submissionOf, withSubmission } from './task.state';

const T = E.TaskEvents;

/**
 * The spam guard when a proof is sent (issue 22). Every proof (a submission, and each revision of it) is checked
 * by the validator soon after it arrives: the scheduler's spam-check source (review-deadlines/) picks it from the
 * read model, so the check is queued durably and survives restarts, and the validator (an LLM over HTTP, maybe)
 * runs outside any transaction. Its verdict is recorded in the task stream, once per proof:
 * - flagged: SubmissionFlaggedForAdmins (stage 'submitted'), the same event the review deadline raises. From then
 *   on the submission is in the admins' queue, the creator and the earner see the flag, no auto-approval happens,
 *   and nothing flags it again;
 * - clean: SubmissionSpamChecked, so the source does not check that proof again.
 * A clean verdict is not an approval: at the review deadline the validator runs again before approving
 * automatically (task-review-deadline.ts), because proof sent later may copy this one or join a sybil cluster
 * with its submitter, and the earlier submission must not be paid blind to that.
 */
export interface SpamCheckSubmissionState {
  /** The current proof's check at submission time has been recorded (clean or flagged). */
  readonly spamChecked: boolean;
}

/** Post-evolvers (chained after the base ones in task.aggregate.ts): a new proof (first or revised) is unchecked. */
export const spamCheckEvolvers = {
  [T.SubmissionSubmitted]: (_b, s, d) => withSubmission(s, d.submissionId, () => ({ spamChecked: false })),
  [T.SubmissionResubmitted]: (_b, s, d) => withSubmission(s, d.submissionId, () => ({ spamChecked: false })),
  [T.SubmissionSpamChecked]: (_b, s, d) => withSubmission(s, d.submissionId, () => ({ spamChecked: true })),
  [T.SubmissionFlaggedForAdmins]: (_b, s, d) => withSubmission(s, d.submissionId, () => ({ spamChecked: true })),
} satisfies PostEvolverTable;

const text = (v: string | null | undefined) => v ?? null;

/** The same proof: the validator read it from the read model, which may still show the proof before a revision. */
export function sameProof(a: E.ProofData | undefined, b: E.ProofData): boolean {
  return !!a && text(a.proofLink) === text(b.proofLink) && text(a.proofText) === text(b.proofText)
    && text(a.proofFileUrl) === text(b.proofFileUrl) && text(a.notes) === text(b.notes);
}

/**
 * The verdict of the check of `checkedProof` (what the validator read): flagged (`flagReason`) or clean. [] when
 * there is nothing to record: decided, flagged or checked already, review closed, or the proof checked is no
 * longer the submission's proof (a revision came in: the source checks the new one). A second run is a no-op.
 */
export function decideSpamCheck(
  s: TaskState, taskId: number, submissionId: number, checkedProof: E.ProofData, flagReason: string | null, now: Date,
): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (sub.status !== 'pending' || sub.flagged || sub.spamChecked || s.reviewClosed) return [];
  const { reviewUntil } = reviewTimesOf(s);
  if (now.getTime() > reviewUntil.getTime() || !sameProof(sub.proof, checkedProof)) return [];
  if (flagReason) {
    const data: E.SubmissionFlaggedForAdminsData = {
      submissionId, taskId, userId: sub.userId, reason: flagReason, reviewDeadline: new Date(sub.reviewDeadline ?? reviewUntil.getTime()).toISOString(),
      decideBy: reviewUntil.toISOString(), flaggedAt: now.toISOString(), stage: 'submitted',
    };
    return [{ type: T.SubmissionFlaggedForAdmins, data }];
  }
  const data: E.SubmissionSpamCheckedData = { submissionId, taskId, userId: sub.userId, checkedAt: now.toISOString() };
  return [{ type: T.SubmissionSpamChecked, data }];
}
