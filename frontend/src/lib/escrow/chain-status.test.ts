import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { chainUnreachableText } from './chain-status';

describe('chainUnreachableText', () => {
  it('is null while the chain was read (and before the view arrived)', () => {
    expect(chainUnreachableText(undefined)).toBeNull();
    expect(chainUnreachableText({ chainError: null, onChain: null, lastBlockSeen: 12, lastBlockSeenAt: '2026-11-25T15:00:00.000Z' })).toBeNull();
  });

  it('names the last block seen and when, at block 0, 1 and 2^53-1, to year 9999', () => {
    for (const [block, at] of [[0, '2026-11-25T15:00:00.000Z'], [1, '1970-01-01T00:00:00.000Z'], [Number.MAX_SAFE_INTEGER, '9999-12-31T23:59:59.000Z']] as const) {
      const text = chainUnreachableText({ chainError: `Chain unreachable, last block seen ${block} at ${at}`, onChain: null, lastBlockSeen: block, lastBlockSeenAt: at });
      expect(text).toBe(`Chain unreachable, last block seen ${block} at ${formatDateTime(at)}`);
    }
    expect(formatDateTime('9999-12-31T23:59:59.000Z')).toMatch(/9999|10000/);
  });

  it("gives the server's reason when there is no block to name", () => {
    expect(chainUnreachableText({ chainError: 'Chain unreachable, no block seen yet', onChain: null, lastBlockSeen: null, lastBlockSeenAt: null })).toBe('Chain unreachable, no block seen yet');
    expect(chainUnreachableText({ chainError: 'No escrow contract configured (ESCROW_ADDRESS)', onChain: null, lastBlockSeen: null, lastBlockSeenAt: null })).toBe(
      'No escrow contract configured (ESCROW_ADDRESS)',
    );
  });
});
