import { describe, expect, it } from 'vitest';
import { notificationLink, notificationText } from './notification-text';
import type { AppNotification } from './types';

const n = (over: Partial<AppNotification>): AppNotification => ({
  id: '12', kind: 'submission_rejected', taskId: 3, taskTitle: 'Follow us', submissionId: 5, detail: {}, read: false,
  createdAt: '2026-11-23T10:00:00.000Z', ...over,
});

describe('notificationText', () => {
  it('carries the reviewer\'s feedback of a rejection (how the earner is notified)', () => {
    expect(notificationText(n({ detail: { feedback: 'The link is broken' } }))).toBe('Your submission to “Follow us” was rejected: The link is broken');
  });

  it('names payouts with the reward and failures with their reason; falls back to the task id', () => {
    expect(notificationText(n({ kind: 'payout_confirmed', detail: { reward: 30 } }))).toBe('Your reward for “Follow us” was paid (30 CENT)');
    expect(notificationText(n({ kind: 'payout_failed', detail: { reason: 'window closed' } }))).toBe('The payout for “Follow us” failed: window closed');
    expect(notificationText(n({ kind: 'submission_received', taskTitle: null }))).toBe('New submission on task #3');
  });

  it('warns the creator of an automatic approval and tells both parties when it happened (issue 22)', () => {
    expect(notificationText(n({ kind: 'auto_approval_soon', detail: { reviewDeadline: '2026-11-28T10:00:00.000Z' } })))
      .toBe('A submission to “Follow us” will be approved automatically on Sat, 28 Nov 2026 10:00:00 GMT unless you review it');
    expect(notificationText(n({ kind: 'submission_auto_approved', detail: { feedback: 'Approved automatically: not reviewed within 72 hours.' } })))
      .toBe('A submission to “Follow us” was approved at its review deadline: Approved automatically: not reviewed within 72 hours.');
    expect(notificationLink(n({ kind: 'auto_approval_soon' }))).toBe('/approvals');
  });

  it('tells of revisions and appeals: changes asked, resubmitted, appeal filed, upheld, overturned (issue 22)', () => {
    expect(notificationText(n({ kind: 'changes_requested', detail: { feedback: 'Add the link', resubmitBy: '2026-11-28T10:00:00.000Z' } })))
      .toBe('Changes were requested on your submission to “Follow us”: Add the link. Resubmit by Sat, 28 Nov 2026 10:00:00 GMT');
    expect(notificationText(n({ kind: 'submission_resubmitted' }))).toBe('A revised submission to “Follow us” is waiting for your review');
    expect(notificationText(n({ kind: 'appeal_filed' }))).toBe('Your appeal on “Follow us” was sent to the admins');
    expect(notificationText(n({ kind: 'appeal_upheld', detail: { reason: 'Off topic' } }))).toBe('Your appeal on “Follow us” was declined: Off topic');
    expect(notificationText(n({ kind: 'appeal_overturned', detail: { reason: 'It is there' } })))
      .toBe('The rejection of a submission to “Follow us” was overturned on appeal: It is there. The reward is paid like any approval');
    expect(notificationLink(n({ kind: 'submission_resubmitted' }))).toBe('/approvals');
    expect(notificationLink(n({ kind: 'changes_requested' }))).toBe('/dashboard');
  });

  it('leads creators to their approvals and earners to their dashboard', () => {
    expect(notificationLink(n({ kind: 'submission_received' }))).toBe('/approvals');
    expect(notificationLink(n({ kind: 'payout_sent' }))).toBe('/dashboard');
  });

  it('tells admins which read model set which event aside, and leads them to the admin console', () => {
    const q = n({ id: '41', kind: 'projection_quarantined', taskId: 0, taskTitle: null, submissionId: null,
      detail: { projection: 'tasks', eventType: 'TaskCreated', streamId: 'task-9', reason: 'date out of range' } });
    expect(notificationText(q)).toBe('The tasks read model set event #41 (TaskCreated) aside: date out of range. Retry with npm run retry-quarantined');
    expect(notificationLink(q)).toBe('/admin');
  });

  it('tells admins of an appeal to decide and leads them to the admin console', () => {
    const a = n({ kind: 'appeal_to_decide' });
    expect(notificationText(a)).toMatch(/^An earner appealed a rejection on .+: decide it in the Appeals tab$/);
    expect(notificationLink(a)).toBe('/admin');
  });
});
