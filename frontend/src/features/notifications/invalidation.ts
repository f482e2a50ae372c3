import type { LiveChange } from './types';

type Tag =
  | 'Task' | 'Submission' | 'User' | 'Leaderboard' | 'Dashboard' | 'Admin' | 'Notification' | 'Escrow'
  | { type: 'Task' | 'Submission' | 'Escrow' | 'Notification'; id: number | string };

/**
 * What a live change makes stale in the RTK Query cache. Submission changes refresh the dashboard (the
 * creators' approvals list and the earner's own submissions) and the task's escrow view; releases move
 * the leaderboard; a notification refreshes the bell. Admin views follow every change.
 */
export function tagsForChange(change: LiveChange): Tag[] {
  const tags: Tag[] = [{ type: 'Task', id: change.taskId }, 'Dashboard', 'Admin'];
  if (change.submissionId !== null) tags.push({ type: 'Submission', id: change.submissionId }, { type: 'Submission', id: 'LIST' });
  tags.push({ type: 'Escrow', id: change.taskId });
  if (change.kind === 'payout_confirmed' || change.kind === 'payout_reverted') tags.push('Leaderboard');
  if (change.kind === 'task_funded' || change.kind === 'task_refunded' || change.kind === 'task_anomaly') tags.push({ type: 'Task', id: 'LIST' });
  if (change.notification) tags.push({ type: 'Notification', id: 'LIST' });
  return tags;
}

/** Everything the stream could have told about, for a reconnect that missed too much (`event: reset`). */
export const ALL_LIVE_TAGS: Tag[] = ['Task', 'Submission', 'Dashboard', 'Admin', 'Escrow', 'Leaderboard', 'Notification'];

/** The spec's approvals poll (every 5 s, as features/approvals' CREATOR_POLL_MS) only while the live stream is down. */
export const APPROVALS_POLL_MS = 5000;
export function approvalsPollingInterval(liveConnected: boolean): number {
  return liveConnected ? 0 : APPROVALS_POLL_MS;
}
