import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { Person, approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { TestWorker, leadingWorker, payoutRows, releaserNonces } from './support/worker';

/**
 * Sends never wait for receipts: with automining off, many tasks' payouts are signed and broadcast with
 * consecutive nonces while none is mined, bounded by maxInFlight; then every one is paid exactly once.
 */
describe('payout pipeline (real anvil, automine off)', () => {
  let stack: Stack;
  let domain: IndexerInstance; // the follower (no payouts): funds and releases reach the read models
  let w: TestWorker | null = null;

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { payouts: false });
  });

  afterAll(async () => {
    await w?.close();
    await domain?.close();
    await stack?.stop();
  });

  it('puts six tasks\' payouts in flight before any is mined (at most maxInFlight = 4 at once), then pays each once', async () => {
    const creator = await registerCreator(domain.commands, stack.chain, 0);
    const approved: Array<{ taskId: number; id: number; earner: Person }> = [];
    const tasks = [];
    for (let i = 0; i < 6; i++) tasks.push(await createAndFundTask(domain.commands, stack.chain, creator, { reward: 4, maxCompletions: 2 }));
    for (const t of tasks) await eventually(async () => (await taskRow(domain.db, t.taskId))?.funding_status === 'funded', 20_000, 'funded');
    for (const t of tasks) {
      const earner = await registerUser(domain.commands);
      const id = await submit(domain.commands, t.taskId, earner);
      await approve(domain.commands, creator, id);
      approved.push({ taskId: t.taskId, id, earner });
    }
    w = await leadingWorker(stack, domain, { lockName: 'payouts:pipeline', maxInFlight: 4 });
    await stack.anvil.rpc('evm_setAutomine', [false]);
    const before = await releaserNonces(stack);

    await w.worker.tick();
    let rows = await payoutRows(domain);
    // Four tasks' payouts signed, stored and in the node's pool, consecutive nonces, none mined.
    expect(rows.map((r) => r.status)).toEqual(['signed', 'signed', 'signed', 'signed']);
    expect(rows.map((r) => r.nonce)).toEqual([0, 1, 2, 3].map((k) => before.latest + k));
    expect(new Set(rows.map((r) => r.task_id)).size).toBe(4);
    expect(await releaserNonces(stack)).toEqual({ latest: before.latest, pending: before.latest + 4 });
    for (const r of rows) expect(await stack.anvil.provider.getTransactionReceipt(r.tx_hash)).toBeNull();

    // The bound holds while they stay unmined.
    await w.worker.tick();
    expect(await payoutRows(domain)).toHaveLength(4);

    await stack.anvil.rpc('evm_mine');
    await w.worker.tick(); // settles four, sends the last two
    rows = await payoutRows(domain);
    expect(rows.map((r) => r.status)).toEqual(['mined', 'mined', 'mined', 'mined', 'signed', 'signed']);
    expect(await releaserNonces(stack)).toEqual({ latest: before.latest + 4, pending: before.latest + 6 });
    await stack.anvil.rpc('evm_mine');
    await w.worker.tick();
    expect((await payoutRows(domain)).map((r) => r.status)).toEqual(Array(6).fill('mined'));
    await stack.anvil.rpc('evm_setAutomine', [true]);

    // Exactly once: one RewardReleased per submission, the read model shows its tx, the earner got 4 CENT.
    for (const a of approved) {
      const logs = await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, a.id));
      expect(logs).toHaveLength(1);
      expect(await stack.chain.token.balanceOf(a.earner.wallet)).toBe(4n * CENT);
      const row = await eventually(async () => {
        const s = await submissionRow(domain.db, a.id);
        return s?.payout_status === 'released' && s;
      }, 20_000, 'released');
      expect(row.transaction_hash).toBe(logs[0].transactionHash.toLowerCase());
    }
    // Nothing more to send: another tick signs nothing.
    await w.worker.tick();
    expect(await payoutRows(domain)).toHaveLength(6);
  });
});
