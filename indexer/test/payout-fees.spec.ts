import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack } from './support/stack';
import { Person, approvedSubmission } from './support/scenario';
import { PayoutSuite, payoutSuite } from './support/payout-suite';
import { leadingWorker, payoutRows, releaserNonces } from './support/worker';

const hex = (n: bigint) => `0x${n.toString(16)}`;
const up10 = (v: bigint) => (v * 110n + 99n) / 100n;

/**
 * Fee spikes on a real anvil (automine off, anvil_setNextBlockBaseFeePerGas): a payout left below the
 * base fee is replaced (same nonce, both fees +>= 10 %, never above the cap) until mined, and the payouts
 * behind it are mined as well.
 */
describe('payout fees under a base-fee spike', () => {
  const suite = payoutSuite();
  const { workers } = suite;
  let stack: Stack;
  let domain: IndexerInstance;
  let creator: PayoutSuite['creator'];
  beforeAll(() => {
    ({ stack, domain, creator } = suite);
  });

  /** `n` funded tasks with one approved submission each (automine on while funding). */
  async function approvals(n: number): Promise<Array<{ taskId: number; id: number; earner: Person }>> {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await approvedSubmission(domain.commands, domain.db, stack.chain, creator, 5));
    return out;
  }

  async function paidOnce(a: { id: number; earner: Person }): Promise<string> {
    const logs = await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, a.id));
    expect(logs).toHaveLength(1);
    expect(await stack.chain.token.balanceOf(a.earner.wallet)).toBe(5n * CENT);
    return logs[0].transactionHash.toLowerCase();
  }

  it('replaces a payout stuck below the base fee (same nonce, fees +>= 10 %) until mined; the next payout is mined too', async () => {
    const [first, second] = await approvals(2);
    const w = await leadingWorker(stack, domain, { lockName: 'payouts:fees-1' });
    workers.push(w);
    await stack.anvil.rpc('evm_setAutomine', [false]);
    const start = await releaserNonces(stack);
    await w.worker.tick();
    const sent = await payoutRows(domain);
    expect(sent.map((r) => r.nonce)).toEqual([start.latest, start.latest + 1]);
    const firstFee = BigInt(sent[0].max_fee);

    // The spike: the next blocks' base fee is ten times what the payouts offer. A mined block leaves them out.
    const spike = firstFee * 10n;
    await stack.anvil.rpc('anvil_setNextBlockBaseFeePerGas', [hex(spike)]);
    await stack.anvil.rpc('evm_mine');
    expect(await releaserNonces(stack)).toMatchObject({ latest: start.latest });
    expect(await stack.anvil.provider.getTransactionReceipt(sent[0].tx_hash)).toBeNull();

    // The worker sees both below the next base fee and replaces each: same nonce, higher fees.
    await stack.anvil.rpc('anvil_setNextBlockBaseFeePerGas', [hex(spike)]);
    await w.worker.tick();
    const rows = await payoutRows(domain);
    expect(rows).toHaveLength(4);
    for (const nonce of [start.latest, start.latest + 1]) {
      const [old, replacement] = rows.filter((r) => r.nonce === nonce);
      expect(replacement.task_id).toBe(old.task_id);
      expect(replacement.submission_ids).toEqual(old.submission_ids);
      expect(BigInt(replacement.max_fee)).toBeGreaterThanOrEqual(up10(BigInt(old.max_fee)));
      expect(BigInt(replacement.tip)).toBeGreaterThanOrEqual(up10(BigInt(old.tip)));
      expect(BigInt(replacement.max_fee)).toBeGreaterThanOrEqual(spike);
      // The node took the replacement in place of the first attempt.
      expect((await stack.anvil.provider.getTransaction(replacement.tx_hash))?.nonce).toBe(nonce);
    }

    await stack.anvil.rpc('evm_mine');
    await w.worker.tick();
    const settled = await payoutRows(domain);
    expect(settled.map((r) => r.status)).toEqual(['superseded', 'superseded', 'mined', 'mined']);
    expect(await paidOnce(first)).toBe(settled[2].tx_hash);
    expect(await paidOnce(second)).toBe(settled[3].tx_hash);
    const block = await stack.anvil.provider.getBlock((await stack.anvil.provider.getTransactionReceipt(settled[2].tx_hash))!.blockNumber);
    expect(block!.baseFeePerGas).toBe(spike);
  });

  it('never bids above the cap: a payout the cap keeps out waits for the base fee to fall, then is paid once', async () => {
    const [a] = await approvals(1);
    // The first offer is 2 x base + tip; the cap allows one replacement at most (+>= 10 %, < 2 x).
    const base = BigInt((await stack.anvil.rpc<{ baseFeePerGas: string[] }>('eth_feeHistory', ['0x1', 'latest', []])).baseFeePerGas[1]);
    const tip = BigInt(await stack.anvil.rpc<string>('eth_maxPriorityFeePerGas'));
    const cap = ((base * 2n + tip) * 13n) / 10n;
    const w = await leadingWorker(stack, domain, { lockName: 'payouts:fees-2', maxFeePerGas: cap });
    workers.push(w);
    await stack.anvil.rpc('evm_setAutomine', [false]);
    const start = await releaserNonces(stack);
    await w.worker.tick();
    for (let k = 0; k < 4; k++) {
      await stack.anvil.rpc('anvil_setNextBlockBaseFeePerGas', [hex(cap * 5n)]);
      await stack.anvil.rpc('evm_mine');
      await w.worker.tick();
    }
    const rows = await payoutRows(domain).then((r) => r.filter((x) => x.submission_ids.includes(a.id)));
    expect(rows.length).toBeGreaterThanOrEqual(2); // replaced while the cap allowed it…
    expect(rows.length).toBeLessThanOrEqual(2); // …and then not again
    for (const r of rows) expect(BigInt(r.max_fee)).toBeLessThanOrEqual(cap);
    expect(rows.every((r) => r.nonce === start.latest && r.status === 'signed')).toBe(true);
    expect(await releaserNonces(stack)).toMatchObject({ latest: start.latest });
    expect(w.logger.lines.some((l) => /fee cap allows no higher replacement/.test(l))).toBe(true);

    // The spike passes. anvil evicted the attempt while it could not pay the base fee: the worker sends
    // the same bytes again (the capped attempt, not a new bid), and it is mined as it is.
    await stack.anvil.rpc('anvil_setNextBlockBaseFeePerGas', [hex(base)]);
    await w.worker.tick();
    expect(await stack.anvil.provider.getTransaction(rows[1].tx_hash)).not.toBeNull();
    expect(await payoutRows(domain).then((r) => r.filter((x) => x.submission_ids.includes(a.id)))).toHaveLength(2);
    await stack.anvil.rpc('evm_mine');
    await w.worker.tick();
    const after = (await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id));
    expect(after.map((r) => r.status)).toEqual(['superseded', 'mined']);
    expect(await paidOnce(a)).toBe(after[1].tx_hash);
  });
});
