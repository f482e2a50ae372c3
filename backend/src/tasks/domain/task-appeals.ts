import { badRequest, conflict, forbidden } from '../../common/domain-error';
import * as E from './task.events';
import { releasesNotDecided } from './task-payouts';
import { decideReview } from './task-submissions';
import { Reviewer, SYSTEM_REVIEWER } from './task.messages';
import { EvolverTable, PostEvolverTable, Raised, TaskState, reviewTimesOf, submissionOf, withSubmission } from './task.state';

const T = E.TaskEvents;

/**
 * Appeals (issue 22): an earner may appeal a rejection once, within 72 hours of it and before the review
 * cut-off. An open appeal holds a free slot (it counts in `pending`), so appeals, revisions and new
 * submissions together never make more than maxCompletions approvable. Only admins decide, never the task's
 * creator nor whoever rejected it. Upheld: rejected with the admin's reason. Overturned: approved exactly
 * like an approval (decideReview, then the same payout request). Undecided at the cut-off: upheld by the
 * system with that reason (the cut-off decision, task-review-deadline.ts), so nothing is open when the
 * refund opens.
 */
export const APPEAL_WITHIN_SECONDS = 72 * 3600;

export const APPEAL_MESSAGES = {
  notYours: 'Only the earner who submitted this proof can appeal its rejection',
  notRejected: (status: string) => `Only a rejected submission can be appealed (this one is ${status.replace('_', ' ')})`,
  once: 'This rejection has already been appealed: a submission can be appealed once',
  messageRequired: 'Message required: Please explain why the rejection should be overturned.',
  tooLate: (until: Date) => `The time to appeal this rejection ended on ${until.toISOString()}`,
  noSlot: (max: number) => `No slot is free on this task (all ${max} are taken or paid): an appeal could not be paid, so it cannot be filed now.`,
  adminsOnly: 'Only admins decide appeals',
  notImpartial: "You cannot decide this appeal: you created the task, rejected the submission or submitted it",
  notOpen: (status: string) => `This submission has no open appeal (it is ${status.replace('_', ' ')})`,
  reasonRequired: 'Reason required: Please explain why the rejection is upheld.',
  upheldAtCutOff: (until: Date) => `Upheld automatically: no admin decided this appeal before the review cut-off (${until.toISOString()}).`,
} as const;

export interface AppealSubmissionState {
  /** Milliseconds: when it was last rejected (the appeal window starts there). */
  readonly rejectedAt: number;
  /** Who rejected it (0 = the system). */
  readonly rejectedBy: number;
  /** An appeal was filed (once per submission). */
  readonly appealUsed: boolean;
}

export const appealPostEvolvers = {
  [T.SubmissionRejected]: (_b, s, d) =>
    withSubmission(s, d.submissionId, () => ({ rejectedAt: Date.parse(d.reviewedAt), rejectedBy: d.reviewerId })),
} satisfies PostEvolverTable;

export const appealBaseEvolvers = {
  // The appeal holds a slot: it counts as pending until decided.
  [T.SubmissionAppealed]: (s, d) => ({
    ...withSubmission(s, d.submissionId, () => ({ status: 'appealed', appealUsed: true })), pending: s.pending + 1,
  }),
  [T.SubmissionAppealUpheld]: (s, d) => ({
    ...withSubmission(s, d.submissionId, () => ({ status: 'rejected' })), pending: s.pending - 1,
  }),
  // Back to pending for the SubmissionApproved that follows in the same append (it moves pending to approved).
  [T.SubmissionAppealOverturned]: (s, d) => withSubmission(s, d.submissionId, () => ({ status: 'pending' })),
} satisfies EvolverTable;

/** Until when a rejected submission may be appealed: 72 hours after the rejection, never after the cut-off. */
export function appealUntilMs(s: TaskState, rejectedAtMs: number): number {
  return Math.min(rejectedAtMs + APPEAL_WITHIN_SECONDS * 1000, reviewTimesOf(s).reviewUntil.getTime());
}

/** The same rule for reads (SQL over the read models): timestamptz expressions in, the appeal's last moment out. */
export const appealUntilSql = (rejectedAt: string, reviewUntil: string) =>
  `LEAST(${rejectedAt} + interval '${APPEAL_WITHIN_SECONDS} seconds', ${reviewUntil})`;

/** A slot an appeal could hold: pending, appealed, changes requested, approved and undecided releases leave one. */
export const hasFreeSlot = (s: TaskState) => s.pending + s.approved + releasesNotDecided(s) < s.maxCompletions;

export function decideAppeal(s: TaskState, taskId: number, submissionId: number, userId: number, message: string | null, now: Date): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (sub.userId !== userId) throw forbidden(APPEAL_MESSAGES.notYours);
  if (sub.appealUsed) throw conflict(APPEAL_MESSAGES.once);
  if (sub.status !== 'rejected') throw conflict(APPEAL_MESSAGES.notRejected(sub.status));
  const text = message?.trim();
  if (!text) throw badRequest(APPEAL_MESSAGES.messageRequired);
  const until = appealUntilMs(s, sub.rejectedAt ?? 0);
  if (s.reviewClosed || s.escrow.status === 'refunded' || now.getTime() >= until) throw conflict(APPEAL_MESSAGES.tooLate(new Date(until)));
  if (!hasFreeSlot(s)) throw conflict(APPEAL_MESSAGES.noSlot(s.maxCompletions));
  const data: E.SubmissionAppealedData = {
    submissionId, taskId, userId, message: text, appealedAt: now.toISOString(), decideBy: reviewTimesOf(s).reviewUntil.toISOString(),
  };
  return [{ type: T.SubmissionAppealed, data }];
}

/**
 * An admin's decision. Overturned raises the overturn and then exactly the approval decideReview would
 * raise for a pending submission (so every approval rule — review closed, refunded, maxCompletions, releases
 * the app did not decide — applies unchanged); the handler then requests the payout like any approval.
 */
export function decideAppealDecision(
  s: TaskState, taskId: number, submissionId: number, admin: Reviewer, decision: 'upheld' | 'overturned', reason: string | null, now: Date,
): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (!admin.isAdmin) throw forbidden(APPEAL_MESSAGES.adminsOnly);
  if (admin.id === s.creatorId || admin.id === sub.userId || admin.id === sub.rejectedBy) throw forbidden(APPEAL_MESSAGES.notImpartial);
  if (sub.status !== 'appealed') throw conflict(APPEAL_MESSAGES.notOpen(sub.status));
  const note = reason?.trim() || null;
  const data: E.SubmissionAppealDecidedData = { submissionId, taskId, userId: sub.userId, adminId: admin.id, reason: note, decidedAt: now.toISOString() };
  if (decision === 'upheld') {
    if (!note) throw badRequest(APPEAL_MESSAGES.reasonRequired);
    return [{ type: T.SubmissionAppealUpheld, data }];
  }
  const overturned: Raised = { type: T.SubmissionAppealOverturned, data };
  const reopened = appealBaseEvolvers[T.SubmissionAppealOverturned](s, data);
  const approval = decideReview(reopened, taskId, submissionId, admin, 'approved', note, now);
  return [overturned, ...approval.map((e) => ({ ...e, data: { ...e.data, appeal: true } }))];
}

/** The cut-off's decision for an appeal still open: upheld by the system. */
export function upheldAtCutOff(taskId: number, sub: { id: number; userId: number }, until: Date, now: Date): Raised {
  const data: E.SubmissionAppealDecidedData = {
    submissionId: sub.id, taskId, userId: sub.userId, adminId: SYSTEM_REVIEWER.id, reason: APPEAL_MESSAGES.upheldAtCutOff(until),
    decidedAt: now.toISOString(), auto: true,
  };
  return { type: T.SubmissionAppealUpheld, data };
}
