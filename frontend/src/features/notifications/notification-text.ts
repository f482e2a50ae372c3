import type { AppNotification } from './types';

const titleOf = (n: AppNotification) => (n.taskTitle ? `“${n.taskTitle}”` : `task #${n.taskId}`);

/** The sentence a notification reads as (the spec leaves these texts to us). */
export function notificationText(n: AppNotification): string {
  const task = titleOf(n);
  const feedback = typeof n.detail.feedback === 'string' && n.detail.feedback ? `: ${n.detail.feedback}` : '';
  const reason = typeof n.detail.reason === 'string' && n.detail.reason ? `: ${n.detail.reason}` : '';
  switch (n.kind) {
    case 'submission_approved':
      return `Your submission to ${task} was approved${feedback}`;
    case 'submission_rejected':
      return `Your submission to ${task} was rejected${feedback}`;
    case 'payout_sent':
      return `Your reward for ${task} is on its way`;
    case 'payout_confirmed':
      return `Your reward for ${task} was paid${typeof n.detail.reward === 'number' ? ` (${n.detail.reward} CENT)` : ''}`;
    case 'payout_failed':
      return `The payout for ${task} failed${typeof n.detail.reason === 'string' ? `: ${n.detail.reason}` : ''}`;
    case 'payout_reverted':
      return `The payout for ${task} was undone by a chain reorganisation and will be sent again`;
    case 'submission_received':
      return `New submission on ${task}`;
    case 'task_funded':
      return `${task} is funded and listed`;
    case 'task_refunded':
      return `The rest of ${task}'s escrow was refunded to you`;
    case 'task_anomaly':
      return `Something is wrong with the escrow of ${task}${typeof n.detail.reason === 'string' ? `: ${n.detail.reason}` : ''}`;
    case 'auto_approval_soon':
      return `A submission to ${task} will be approved automatically${typeof n.detail.reviewDeadline === 'string' ? ` on ${new Date(n.detail.reviewDeadline).toUTCString()}` : ' soon'} unless you review it`;
    case 'submission_auto_approved':
      return `A submission to ${task} was approved at its review deadline${feedback}`;
    case 'changes_requested':
      return `Changes were requested on your submission to ${task}${feedback}.${typeof n.detail.resubmitBy === 'string' ? ` Resubmit by ${new Date(n.detail.resubmitBy).toUTCString()}` : ''}`;
    case 'submission_resubmitted':
      return `A revised submission to ${task} is waiting for your review`;
    case 'appeal_filed':
      return `Your appeal on ${task} was sent to the admins`;
    case 'appeal_upheld':
      return `Your appeal on ${task} was declined${reason}`;
    case 'appeal_overturned':
      return `The rejection of a submission to ${task} was overturned on appeal${reason}. The reward is paid like any approval`;
    case 'appeal_to_decide':
      return `An earner appealed a rejection on ${task}: decide it in the Appeals tab`;
    case 'projection_quarantined':
      return `The ${n.detail.projection} read model set event #${n.id} (${n.detail.eventType}) aside: ${n.detail.reason}. Retry with npm run retry-quarantined`;
  }
}

/** Where a notification leads. */
export function notificationLink(n: AppNotification): string {
  if (n.kind === 'projection_quarantined' || n.kind === 'appeal_to_decide') return '/admin';
  return n.kind === 'submission_received' || n.kind === 'auto_approval_soon' || n.kind === 'submission_resubmitted' ? '/approvals' : '/dashboard';
}
