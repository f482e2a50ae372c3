import { describe, expect, it } from 'vitest';
import { payoutOutcome, transferredText } from './payout-outcome';
import { isImageUrl, proofBadges, withRetryStamp } from './proof';
import { ADMIN_NEEDS_WALLET_NOTICE, reviewDialogTitle, reviewMode } from './review-mode';
import { analysisSummary, riskLabel } from './validation';

const pending = { status: 'pending' as const, userId: 7, task: { creatorId: 3 } };

describe('reviewMode', () => {
  it('lets the task creator and admins review; approving needs a wallet', () => {
    expect(reviewMode(pending, { id: 3, isAdmin: false }, true)).toEqual({ kind: 'editable', canApprove: true, notice: null });
    expect(reviewMode(pending, { id: 3, isAdmin: false }, false)).toEqual({ kind: 'editable', canApprove: false, notice: null });
    expect(reviewMode(pending, { id: 1, isAdmin: true }, false)).toEqual({ kind: 'editable', canApprove: false, notice: ADMIN_NEEDS_WALLET_NOTICE });
    expect(reviewMode(pending, { id: 1, isAdmin: true }, true)).toEqual({ kind: 'editable', canApprove: true, notice: null });
  });

  it('is read-only for anyone else, for the submitter (even an admin) and signed out', () => {
    expect(reviewMode(pending, { id: 99, isAdmin: false }, true)).toEqual({ kind: 'read-only' });
    expect(reviewMode(pending, { id: 7, isAdmin: true }, true)).toEqual({ kind: 'read-only' });
    expect(reviewMode(pending, null, false)).toEqual({ kind: 'read-only' });
  });

  it('shows decided submissions without actions, to everyone', () => {
    expect(reviewMode({ ...pending, status: 'approved' }, { id: 3, isAdmin: true }, true)).toEqual({ kind: 'decided' });
    expect(reviewMode({ ...pending, status: 'rejected' }, { id: 99, isAdmin: false }, true)).toEqual({ kind: 'decided' });
  });
});

describe('proof helpers', () => {
  it('shows jpeg, jpg, gif and png files (any case) as images, others as links', () => {
    for (const u of ['/api/uploads/a.png', '/x/B.JPG', '/x/c.jpeg?t=1', 'https://h/d.Gif']) expect(isImageUrl(u)).toBe(true);
    for (const u of ['/api/uploads/a.webp', '/x/doc.pdf', '/x/png', '/x/a.png.txt']) expect(isImageUrl(u)).toBe(false);
  });

  it('lists Link, Text, File badges for what was submitted', () => {
    expect(proofBadges({ proofLink: 'https://x', proofText: 'hi', proofFileUrl: '/f.png' })).toEqual(['Link', 'Text', 'File']);
    expect(proofBadges({ proofLink: null, proofText: '', proofFileUrl: '/f.png' })).toEqual(['File']);
  });

  it('retries an image with one timestamp appended (replacing an earlier one)', () => {
    expect(withRetryStamp('/api/uploads/a.png', 5)).toBe('/api/uploads/a.png?t=5');
    expect(withRetryStamp('/api/uploads/a.png?t=5', 9)).toBe('/api/uploads/a.png?t=9');
    expect(withRetryStamp('/a.png?size=2', 9)).toBe('/a.png?size=2&t=9');
    expect(withRetryStamp('/a.png?t=5&size=2', 9)).toBe('/a.png?size=2&t=9');
  });
});

describe('payoutOutcome', () => {
  const base = { status: 'approved' as const, payoutError: null, transactionHash: null };
  it('is released only with the released status AND a transaction hash', () => {
    expect(payoutOutcome({ ...base, payoutStatus: 'released', transactionHash: '0xabc' })).toEqual({ kind: 'released', txHash: '0xabc' });
    expect(payoutOutcome({ ...base, payoutStatus: 'released' })).toEqual({ kind: 'waiting' });
    expect(payoutOutcome({ ...base, payoutStatus: 'sent', transactionHash: '0xabc' })).toEqual({ kind: 'waiting' });
    expect(payoutOutcome({ ...base, payoutStatus: 'requested' })).toEqual({ kind: 'waiting' });
  });

  it('reports a failed payout with its error, or the spec\'s generic one', () => {
    expect(payoutOutcome({ ...base, payoutStatus: 'failed', payoutError: 'escrow refunded' })).toEqual({ kind: 'failed', error: 'escrow refunded' });
    expect(payoutOutcome({ ...base, payoutStatus: 'failed' })).toEqual({ kind: 'failed', error: 'Unknown error occurred' });
  });

  it('words the success as the spec does', () => {
    expect(transferredText(50, '0x1234...abcd')).toBe('50 CENT tokens have been sent to wallet 0x1234...abcd');
  });
});

describe('AI validation texts', () => {
  it('rounds the confidence and says what the validator recommends', () => {
    expect(analysisSummary({ confidence: 0.874, approved: true })).toBe('Confidence: 87% - Recommended for approval');
    expect(analysisSummary({ confidence: 0.3, approved: false })).toBe('Confidence: 30% - Issues detected');
  });

  it('shows low, medium, and anything else as high', () => {
    expect(riskLabel('low')).toBe('low');
    expect(riskLabel('medium')).toBe('medium');
    expect(riskLabel('critical')).toBe('high');
  });
});

describe('review dialog title', () => {
  it('reads "Your Submission" for the earner\'s own, "Review Submission" for anyone else or while loading', () => {
    expect(reviewDialogTitle({ userId: 7 }, { id: 7 })).toBe('Your Submission');
    expect(reviewDialogTitle({ userId: 7 }, { id: 3 })).toBe('Review Submission');
    expect(reviewDialogTitle({ userId: 7 }, null)).toBe('Review Submission');
    expect(reviewDialogTitle(undefined, { id: 7 })).toBe('Review Submission');
  });
});
