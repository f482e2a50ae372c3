import { FeeMarket, FeePolicy, Fees } from './fee-policy';

const gwei = (n: number) => BigInt(Math.round(n * 1e9));
const market = (nextBaseFee: bigint | null, tip = gwei(1), gasPrice: bigint | null = null): FeeMarket => ({ head: 10, nextBaseFee, tip, gasPrice });
const eip1559 = (f: Fees | null) => {
  if (!f || f.type !== 2) throw new Error(`expected EIP-1559 fees, got ${JSON.stringify(f, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
  return f;
};

describe('FeePolicy', () => {
  const policy = new FeePolicy({ maxFeePerGas: gwei(100), bumpPercent: 15 });

  it('offers twice the next base fee plus the tip, capped', () => {
    expect(policy.initial(market(gwei(3)))).toEqual({ type: 2, maxFeePerGas: gwei(7), maxPriorityFeePerGas: gwei(1) });
    expect(policy.initial(market(gwei(80)))).toEqual({ type: 2, maxFeePerGas: gwei(100), maxPriorityFeePerGas: gwei(1) });
  });

  it('sees a payout below the next base fee as stuck', () => {
    const fees = policy.initial(market(gwei(3)));
    expect(policy.belowBaseFee(fees, market(gwei(7)))).toBe(false);
    expect(policy.belowBaseFee(fees, market(gwei(7) + 1n))).toBe(true);
  });

  it('replaces with both fees raised by at least the bump, and at least to what the spike needs', () => {
    const prev = eip1559(policy.initial(market(gwei(3))));
    // Same market: only the bump (15 %).
    const calm = eip1559(policy.replacement(prev, market(gwei(3))));
    expect(calm.maxFeePerGas).toBe((prev.maxFeePerGas * 115n + 99n) / 100n);
    expect(calm.maxPriorityFeePerGas).toBe((prev.maxPriorityFeePerGas * 115n + 99n) / 100n);
    // A spike: enough to be included again (2 x next base fee + tip).
    const spike = eip1559(policy.replacement(prev, market(gwei(20))));
    expect(spike.maxFeePerGas).toBe(gwei(20) * 2n + spike.maxPriorityFeePerGas);
    expect(spike.maxFeePerGas * 100n).toBeGreaterThanOrEqual(prev.maxFeePerGas * 110n);
    expect(spike.maxPriorityFeePerGas * 100n).toBeGreaterThanOrEqual(prev.maxPriorityFeePerGas * 110n);
  });

  it('raises a zero tip too (nodes compare both fees)', () => {
    const next = eip1559(policy.replacement({ type: 2, maxFeePerGas: gwei(5), maxPriorityFeePerGas: 0n }, market(gwei(3), 0n)));
    expect(next.maxPriorityFeePerGas).toBe(1n);
  });

  it('never exceeds the cap, and gives no replacement when the cap leaves less than +10 %', () => {
    const capped = new FeePolicy({ maxFeePerGas: gwei(10), bumpPercent: 15 });
    const first = eip1559(capped.replacement({ type: 2, maxFeePerGas: gwei(9), maxPriorityFeePerGas: gwei(1) }, market(gwei(50))));
    expect(first.maxFeePerGas).toBe(gwei(10)); // +11 %: still a valid replacement
    expect(capped.replacement(first, market(gwei(50)))).toBeNull();
    expect(capped.replacement({ type: 2, maxFeePerGas: gwei(9.5), maxPriorityFeePerGas: gwei(1) }, market(gwei(50)))).toBeNull();
  });

  it('uses gasPrice on chains without a base fee, bumped and capped the same way', () => {
    const legacy = market(null, 0n, gwei(10));
    expect(policy.initial(legacy)).toEqual({ type: 0, gasPrice: gwei(12) });
    expect(policy.replacement({ type: 0, gasPrice: gwei(12) }, legacy)).toEqual({ type: 0, gasPrice: gwei(13.8) });
    expect(policy.belowBaseFee({ type: 0, gasPrice: gwei(9) }, legacy)).toBe(true);
    expect(new FeePolicy({ maxFeePerGas: gwei(12), bumpPercent: 10 }).replacement({ type: 0, gasPrice: gwei(12) }, legacy)).toBeNull();
  });
});
