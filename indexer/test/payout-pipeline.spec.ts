import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack, eventually } from './support/stack';
import { Person, approve, createAndFundTask, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { PayoutSuite, payoutSuite } from './support/payout-suite';
import { leadingWorker, payoutRows, releaserNonces } from './support/worker';

/**
 * Sends never wait for receipts: with automining off, many tasks' payouts are signed and broadcast with
 * consecutive nonces while none is mined, bounded by maxInFlight; then every one is paid exactly once.
 */
describe('payout pipeline (real anvil, automine off)', () => {
  const suite = payoutSuite();
  const { workers } = suite;
  let stack: Stack;
  let domain: IndexerInstance;
  let creator: PayoutSuite['creator'];
  beforeAll(() => {
    ({ stack, domain, creator } = suite);
  });

  /** `n` funded tasks (one per payout: tasks are the unit a payout transaction batches) with one approval each. */
  async function approvals(n: number): Promise<Array<{ taskId: number; id: number; earner: Person }>> {
    const tasks = [];
    for (let i = 0; i < n; i++) tasks.push(await createAndFundTask(domain.commands, stack.chain, creator, { reward: 4, maxCompletions: 2 }));
    for (const t of tasks) await eventually(async () => (await taskRow(domain.db, t.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const out = [];
    for (const t of tasks) {
      const earner = await registerUser(domain.commands);
      const id = await submit(domain.commands, t.taskId, earner);
      await approve(domain.commands, creator, id);
      out.push({ taskId: t.taskId, id, earner });
    }
    return out;
  }

  /** One RewardReleased per submission, the read model shows its tx, the earner got 4 CENT. */
  async function paidOnce(a: { id: number; earner: Person }): Promise<void> {
    const logs = await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, a.id));
    expect(logs).toHaveLength(1);
    expect(await stack.chain.token.balanceOf(a.earner.wallet)).toBe(4n * CENT);
    const row = await eventually(async () => {
      const s = await submissionRow(domain.db, a.id);
      return s?.payout_status === 'released' && s;
    }, 20_000, 'released');
    expect(row.transaction_hash).toBe(logs[0].transactionHash.toLowerCase());
  }

  const ours = async (approved: Array<{ id: number }>) =>
    (await payoutRows(domain)).filter((r) => approved.some((a) => r.submission_ids.includes(a.id)));

  it('puts eight tasks\' payouts in flight before any is mined, then pays each exactly once', async () => {
    const approved = await approvals(8);
    const w = await leadingWorker(stack, domain, { lockName: 'payouts:pipeline-1', maxInFlight: 16 });
    workers.push(w);
    await stack.anvil.rpc('evm_setAutomine', [false]);
    const before = await releaserNonces(stack);

    await w.worker.tick();
    const rows = await ours(approved);
    // Eight transactions signed, stored and in the node's pool with consecutive nonces; none mined.
    expect(rows.map((r) => r.status)).toEqual(Array(8).fill('signed'));
    expect(rows.map((r) => r.nonce)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => before.latest + k));
    expect(new Set(rows.map((r) => r.task_id)).size).toBe(8);
    expect(await releaserNonces(stack)).toEqual({ latest: before.latest, pending: before.latest + 8 });
    for (const r of rows) expect(await stack.anvil.provider.getTransactionReceipt(r.tx_hash)).toBeNull();

    await stack.anvil.rpc('evm_mine'); // one block takes all eight
    await w.worker.tick();
    expect((await ours(approved)).map((r) => r.status)).toEqual(Array(8).fill('mined'));
    for (const a of approved) await paidOnce(a);
    await w.worker.tick(); // nothing left to send
    expect(await ours(approved)).toHaveLength(8);
  });

  it('never has more than maxInFlight nonces open; the rest follow as slots free up', async () => {
    const approved = await approvals(5);
    const w = await leadingWorker(stack, domain, { lockName: 'payouts:pipeline-2', maxInFlight: 2 });
    workers.push(w);
    await stack.anvil.rpc('evm_setAutomine', [false]);
    const before = await releaserNonces(stack);
    const open = async () => (await ours(approved)).filter((r) => r.status === 'signed').length;

    await w.worker.tick();
    await w.worker.tick(); // unmined: the bound holds tick after tick
    expect(await open()).toBe(2);
    expect(await releaserNonces(stack)).toEqual({ latest: before.latest, pending: before.latest + 2 });
    for (const expected of [[4, 2], [5, 1], [5, 0]]) { // [rows, open]
      await stack.anvil.rpc('evm_mine');
      await w.worker.tick(); // settles the mined ones, fills the freed slots
      expect([(await ours(approved)).length, await open()]).toEqual(expected);
    }
    for (const a of approved) await paidOnce(a);
  });
});
