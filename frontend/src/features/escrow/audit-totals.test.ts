import { describe, expect, it } from 'vitest';
import { chainTotals } from './audit-totals';

describe('chainTotals', () => {
  it('adds funded, released and refunded amounts exactly', () => {
    const big = '123456789012345678901234567890';
    expect(
      chainTotals([
        { type: 'TaskFunded', amount: big },
        { type: 'RewardReleased', amount: '25000000000000000000' },
        { type: 'RewardReleased', amount: '25000000000000000000' },
        { type: 'TaskRefunded', amount: '1' },
      ]),
    ).toEqual({ funded: BigInt(big), released: 50000000000000000000n, refunded: 1n });
  });

  it('is zero without events', () => {
    expect(chainTotals([])).toEqual({ funded: 0n, released: 0n, refunded: 0n });
  });
});
