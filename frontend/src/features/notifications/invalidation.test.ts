import { describe, expect, it } from 'vitest';
import { approvalsPollingInterval, tagsForChange } from './invalidation';
import type { LiveChange } from './types';

const change = (over: Partial<LiveChange>): LiveChange => ({ kind: 'submission_changed', notification: false, taskId: 4, submissionId: 9, detail: {}, ...over });

describe('tagsForChange', () => {
  it('an approval refreshes the submission, its task, the dashboard (approvals list) and the bell', () => {
    const tags = tagsForChange(change({ kind: 'submission_approved', notification: true }));
    expect(tags).toEqual(expect.arrayContaining([
      { type: 'Submission', id: 9 }, { type: 'Submission', id: 'LIST' }, { type: 'Task', id: 4 }, 'Dashboard',
      { type: 'Notification', id: 'LIST' },
    ]));
    expect(tags).not.toContain('Leaderboard');
  });

  it('a confirmed payout also moves the leaderboard and the escrow view', () => {
    const tags = tagsForChange(change({ kind: 'payout_confirmed', notification: true, detail: { txHash: '0xab' } }));
    expect(tags).toEqual(expect.arrayContaining(['Leaderboard', { type: 'Escrow', id: 4 }]));
  });

  it('a stream-only change never touches the bell; a funding refreshes the task list', () => {
    expect(tagsForChange(change({}))).not.toContainEqual({ type: 'Notification', id: 'LIST' });
    const funded = tagsForChange(change({ kind: 'task_funded', notification: true, submissionId: null }));
    expect(funded).toEqual(expect.arrayContaining([{ type: 'Task', id: 'LIST' }, { type: 'Task', id: 4 }]));
    expect(funded.some((t) => typeof t === 'object' && t.type === 'Submission')).toBe(false);
  });
});

describe('approvalsPollingInterval', () => {
  it('polls every 5 s (the spec) only while the live stream is down', () => {
    expect(approvalsPollingInterval(false)).toBe(5000);
    expect(approvalsPollingInterval(true)).toBe(0);
  });
});
