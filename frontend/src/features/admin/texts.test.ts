import { describe, expect, it } from 'vitest';
import { bulkApproveText, bulkValidateText, shareText } from './texts';

describe('admin texts', () => {
  it('words the bulk approval as the spec does, destructive with errors', () => {
    expect(bulkApproveText({ processed: 3, skipped: 1, errors: [] })).toEqual({ text: '3 submissions approved, 1 skipped', destructive: false });
    expect(bulkApproveText({ processed: 2, skipped: 0, errors: [{ submissionId: 9, message: 'x' }] })).toEqual({
      text: '2 submissions approved, 0 skipped, 1 errors', destructive: true,
    });
  });

  it('words the bulk validation with its auto-approval note', () => {
    const r = {
      summary: { total: 4, approved: 3, rejected: 1, autoApprovalEligible: 2 },
      autoApproval: { autoApproved: [], requiresReview: [], summary: '2 submissions auto-approved, 2 require manual review' },
      results: [], errors: [],
    };
    expect(bulkValidateText(r, true)).toBe('4 submissions analyzed: 3 recommended for approval, 1 rejected. 2 submissions auto-approved, 2 require manual review');
    expect(bulkValidateText(r, false)).toBe('4 submissions analyzed: 3 recommended for approval, 1 rejected. 2 eligible for auto-approval.');
  });

  it('shows shares to one decimal and admits when nothing was measured', () => {
    expect(shareText(0.425)).toBe('42.5%');
    expect(shareText(1)).toBe('100%');
    expect(shareText(null)).toBe('not measured yet');
  });
});
