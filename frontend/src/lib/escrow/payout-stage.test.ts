import { describe, expect, it } from 'vitest';
import { payoutProgress } from './payout-stage';

describe('payoutProgress', () => {
  it('follows requested → sent → confirmed → final', () => {
    expect(payoutProgress('requested', null)).toEqual({ kind: 'stage', stage: 'Requested', index: 0 });
    expect(payoutProgress('sent', null, { state: 'pending', error: null })).toEqual({ kind: 'stage', stage: 'Sent', index: 1 });
    expect(payoutProgress('released', null, { state: 'confirmed', error: null })).toEqual({ kind: 'stage', stage: 'Confirmed', index: 2 });
    expect(payoutProgress('released', null, { state: 'final', error: null })).toEqual({ kind: 'stage', stage: 'Final', index: 3 });
  });

  it('never calls a release final before the audit view says so', () => {
    expect(payoutProgress('released', null)).toMatchObject({ stage: 'Confirmed' });
    expect(payoutProgress('released', null, { state: 'pending', error: null })).toMatchObject({ stage: 'Confirmed' });
  });

  it('shows a failure with its reason (or a generic one)', () => {
    expect(payoutProgress('failed', 'RPC unreachable')).toEqual({ kind: 'failed', reason: 'RPC unreachable' });
    expect(payoutProgress('failed', null)).toEqual({ kind: 'failed', reason: 'Unknown error occurred' });
    expect(payoutProgress('sent', null, { state: 'failed', error: 'reverted' })).toEqual({ kind: 'failed', reason: 'reverted' });
  });

  it('has nothing to show before an approval', () => {
    expect(payoutProgress(null, null)).toEqual({ kind: 'none' });
  });
});
