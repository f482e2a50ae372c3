import { StoredEvent } from '../event-store/stored-event';
import { TaskEvents as T } from '../tasks/domain/task.events';
import { TaskParties } from './task-directory';

/** What a user is told about. Kinds with `notify` also become a row in their notifications list. */
export const NotificationKinds = {
  SubmissionReceived: 'submission_received',
  SubmissionApproved: 'submission_approved',
  SubmissionRejected: 'submission_rejected',
  PayoutSent: 'payout_sent',
  PayoutConfirmed: 'payout_confirmed',
  PayoutFailed: 'payout_failed',
  PayoutReverted: 'payout_reverted',
  TaskFunded: 'task_funded',
  TaskRefunded: 'task_refunded',
  TaskAnomaly: 'task_anomaly',
  /** Review deadlines (tasks/domain/task-review-deadline.ts): the creator's warning and the system's approval. */
  AutoApprovalSoon: 'auto_approval_soon',
  SubmissionAutoApproved: 'submission_auto_approved',
  /** Revise and resubmit, appeals (issue 22). */
  ChangesRequested: 'changes_requested',
  SubmissionResubmitted: 'submission_resubmitted',
  AppealFiled: 'appeal_filed',
  AppealUpheld: 'appeal_upheld',
  AppealOverturned: 'appeal_overturned',
  /** Admins only: an appeal waits for their decision (never the creator's: appeals go to the admins). */
  AppealToDecide: 'appeal_to_decide',
  /** Admins only: a read model set an event aside (projections/projection-quarantine.ts writes these rows). */
  ProjectionQuarantined: 'projection_quarantined',
} as const;
export type NotificationKind = (typeof NotificationKinds)[keyof typeof NotificationKinds];

/** Stream-only kinds: something the user looks at changed, nothing to read about (no notification row). */
export const SUBMISSION_CHANGED = 'submission_changed';
export const TASK_CHANGED = 'task_changed';

export interface Change {
  userId: number;
  kind: NotificationKind | typeof SUBMISSION_CHANGED | typeof TASK_CHANGED;
  notify: boolean;
  taskId: number;
  submissionId: number | null;
  /** Shown with the notification: feedback, tx hash, failure reason, amounts (decimal strings). */
  detail: Record<string, string | number | null>;
}

const SUBMITTER_NOTICES: Partial<Record<string, NotificationKind>> = {
  [T.SubmissionApproved]: NotificationKinds.SubmissionApproved,
  [T.SubmissionRejected]: NotificationKinds.SubmissionRejected,
  [T.PayoutSent]: NotificationKinds.PayoutSent,
  [T.RewardReleased]: NotificationKinds.PayoutConfirmed,
  [T.RewardReleaseReverted]: NotificationKinds.PayoutReverted,
  [T.SubmissionChangesRequested]: NotificationKinds.ChangesRequested,
  [T.SubmissionAppealed]: NotificationKinds.AppealFiled,
  [T.SubmissionAppealUpheld]: NotificationKinds.AppealUpheld,
  [T.SubmissionAppealOverturned]: NotificationKinds.AppealOverturned,
};

const CREATOR_NOTICES: Partial<Record<string, NotificationKind>> = {
  [T.SubmissionSubmitted]: NotificationKinds.SubmissionReceived,
  [T.SubmissionResubmitted]: NotificationKinds.SubmissionResubmitted,
  // The creator learns that their rejection was overturned (their escrow pays it); the appeal itself goes to admins.
  [T.SubmissionAppealOverturned]: NotificationKinds.AppealOverturned,
  [T.TaskFunded]: NotificationKinds.TaskFunded,
  [T.TaskRefunded]: NotificationKinds.TaskRefunded,
  [T.TaskFundingReverted]: NotificationKinds.TaskAnomaly,
  [T.TaskRefundReverted]: NotificationKinds.TaskAnomaly,
};

/**
 * Anomalies (TaskFundingAnomalyDetected, PayoutAnomalyDetected, ...) are matched by name so that anomaly
 * event types added later reach the creator without a change here; their compensations (…Reverted) are
 * stream-only changes.
 */
const isAnomaly = (type: string) => /Anomaly/.test(type) && !/Reverted$/.test(type);

function detailOf(e: StoredEvent): Change['detail'] {
  const d = e.data ?? {};
  const pick: Change['detail'] = {};
  for (const k of ['feedback', 'txHash', 'reason', 'amount', 'reward', 'recipient', 'kind', 'recovery', 'cause', 'reviewDeadline', 'resubmitBy', 'message', 'decideBy']) {
    const v = d[k];
    if (typeof v === 'string' || typeof v === 'number') pick[k] = v;
  }
  if (e.type === T.RewardReleaseReverted || e.type === T.TaskFundingReverted || e.type === T.TaskRefundReverted) {
    pick.reason = 'The block holding this transaction was dropped by a chain reorganisation.';
  }
  return pick;
}

/**
 * Who an event of a task stream concerns and how: the submitter hears about their submission and its
 * payout, the creator about submissions arriving and the task's escrow, and both see every other change
 * to what they look at as a stream-only change. Pure given the task's parties, so the projection (rebuilt
 * from position 0) and the live stream (following the store) always agree.
 */
export function changesOf(e: StoredEvent, parties: TaskParties | undefined): Change[] {
  if (!parties || !e.streamId.startsWith('task-')) return [];
  // A stranger's escrow beside a funded task changes nothing either party sees (admins count them): no news.
  if (e.type === T.TaskFundingAnomalyDetected && e.data.kind === 'stranger_escrow') return [];
  const taskId: number = e.data.taskId;
  const submissionId: number | null = typeof e.data.submissionId === 'number' ? e.data.submissionId : null;
  const submitter = submissionId === null ? undefined : (e.data.userId ?? parties.submitters.get(submissionId));
  const detail = detailOf(e);
  const out: Change[] = [];
  const add = (userId: number | undefined, kind: Change['kind'], notify: boolean) => {
    if (typeof userId !== 'number' || out.some((c) => c.userId === userId)) return;
    out.push({ userId, kind, notify, taskId, submissionId, detail });
  };

  // Approved by the system at the review deadline: both the earner and the creator hear about it.
  const autoApproved = e.type === T.SubmissionApproved && e.data.auto === true;
  let submitterKind = autoApproved ? NotificationKinds.SubmissionAutoApproved : SUBMITTER_NOTICES[e.type];
  // A transient failure is retried by the worker: only the permanent one is worth a notification.
  if (e.type === T.PayoutFailed && e.data.permanent) submitterKind = NotificationKinds.PayoutFailed;
  // The approval that follows an overturned appeal: the overturn notice already said it.
  if (e.type === T.SubmissionApproved && e.data.appeal === true) submitterKind = undefined;
  if (submitterKind) add(submitter, submitterKind, true);

  let creatorKind = CREATOR_NOTICES[e.type] ?? (isAnomaly(e.type) ? NotificationKinds.TaskAnomaly : undefined);
  if (e.type === T.SubmissionReviewDueSoon) creatorKind = NotificationKinds.AutoApprovalSoon;
  if (autoApproved) creatorKind = NotificationKinds.SubmissionAutoApproved;
  // An approved reward that could not be paid is the creator's business too: the reason says what to do.
  if (e.type === T.PayoutFailed && e.data.permanent) creatorKind = NotificationKinds.PayoutFailed;
  if (creatorKind) add(parties.creatorId, creatorKind, true);

  add(submitter, SUBMISSION_CHANGED, false);
  add(parties.creatorId, submissionId === null ? TASK_CHANGED : SUBMISSION_CHANGED, false);
  return out;
}
