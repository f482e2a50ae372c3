import { describe, expect, it } from 'vitest';
import type { DashboardData } from './api';
import { dashboardStats, proofType } from './stats';

const sub = (status: 'pending' | 'approved' | 'rejected' | undefined, reward: number) =>
  ({ id: 1, taskId: 1, userId: 1, status, proofLink: null, proofText: 'x', proofFileUrl: null, task: { id: 1, title: 't', category: 'Content', reward, creatorId: 2 } }) as DashboardData['submissions'][number];

describe('dashboardStats', () => {
  it('counts submissions by status (missing = pending) and sums approved rewards exactly', () => {
    const d = {
      submissions: [sub('approved', 9_007_199_254_740_991), sub('approved', 10), sub(undefined, 5), sub('pending', 5), sub('rejected', 99)],
      createdTasks: [{ completions: 2 }, { completions: 3 }],
    } as unknown as DashboardData;
    expect(dashboardStats(d)).toEqual({
      totalSubmissions: 5, approved: 2, pending: 2, tasksCreated: 2, totalCompletions: 5, totalEarnings: 9_007_199_254_741_001n,
    });
  });

  it('is all zero for a new user', () => {
    expect(dashboardStats({ submissions: [], createdTasks: [] })).toMatchObject({ totalSubmissions: 0, totalEarnings: 0n });
  });
});

describe('proofType', () => {
  it('names the one proof given, or Multiple', () => {
    expect(proofType({ proofLink: 'https://x', proofText: null, proofFileUrl: null })).toBe('Link');
    expect(proofType({ proofLink: null, proofText: null, proofFileUrl: '/f.png' })).toBe('File');
    expect(proofType({ proofLink: 'https://x', proofText: 'y', proofFileUrl: null })).toBe('Multiple');
  });
});
