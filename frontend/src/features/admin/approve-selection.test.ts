import { describe, expect, it } from 'vitest';
import { cautionOf, defaultPick, pickedTotals } from './approve-selection';
import type { AdminSubmissionRow, StoredValidation } from './types';

const row = (id: number, taskReward: number, aiValidation: StoredValidation | null = null): AdminSubmissionRow => ({
  id, taskId: 1, taskTitle: 'T', taskReward, userId: 2, username: null, status: 'pending', notes: null,
  createdAt: '2026-01-01T00:00:00Z', reviewedBy: null, aiValidated: aiValidation !== null, aiValidation, payoutStatus: null,
});
const ai = (approved: boolean, riskLevel: string): StoredValidation => ({ approved, confidence: 0.9, riskLevel, autoApprovalEligible: false });

describe('Manual Approve All selection', () => {
  it('leaves AI-rejected and high-risk submissions out by default, keeps unanalysed ones in', () => {
    const rows = [row(1, 30), row(2, 300, ai(false, 'low')), row(3, 50, ai(true, 'high')), row(4, 50, ai(true, 'critical')), row(5, 40, ai(true, 'medium'))];
    expect(rows.map(cautionOf)).toEqual([null, 'ai-rejected', 'high-risk', 'high-risk', null]);
    expect([...defaultPick(rows, false)]).toEqual([1, 5]);
    expect([...defaultPick(rows, true)]).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts and sums only the picked rows, exactly, at the limits of the reward', () => {
    const rows = [row(1, 100_000), row(2, 1), row(3, 0), row(4, 2 ** 31 - 1)];
    expect(pickedTotals(rows, new Set())).toEqual({ count: 0, totalCent: 0n });
    expect(pickedTotals(rows, new Set([1, 2, 3]))).toEqual({ count: 3, totalCent: 100_001n });
    expect(pickedTotals(rows, new Set([4, 4, 1, 99]))).toEqual({ count: 2, totalCent: 2_147_583_647n });
  });
});
