import { Wallet, ZeroAddress } from 'ethers';
import { CENT, fundTask } from './support/escrow-chain';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { GrantAdminCommand } from '@cent/backend';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { TestWorker, leadingWorker } from './support/worker';

/**
 * Issue 19 items 4, 6-9: every approved submission ends paid, or failed with a reason the earner, the
 * creator and the admins see, and a failure whose cause can pass is requested again once it has passed.
 */
describe('payouts that could not be paid at first', () => {
  let stack: Stack;
  let domain: IndexerInstance;
  const workers: TestWorker[] = [];
  let admin: { id: number };

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { payouts: false });
    admin = await registerUser(domain.commands);
    await domain.commands.execute(new GrantAdminCommand(admin.id, 'test'));
  });

  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
  });

  afterAll(async () => {
    await domain?.close();
    await stack?.stop();
  });

  async function worker(lockName: string): Promise<TestWorker> {
    const w = await leadingWorker(stack, domain, { lockName });
    workers.push(w);
    return w;
  }

  // The chain has three funded creator wallets; each is registered once (wallets are unique) and reused.
  const creators = new Map<number, Awaited<ReturnType<typeof registerCreator>>>();
  const creatorAt = async (i: number) => {
    if (!creators.has(i)) creators.set(i, await registerCreator(domain.commands, stack.chain, i));
    return creators.get(i)!;
  };
  const funded = async (creatorIndex: number, opts: { reward?: number; maxCompletions?: number } = {}) => {
    const creator = await creatorAt(creatorIndex);
    const task = await createAndFundTask(domain.commands, stack.chain, creator, opts);
    await eventually(async () => (await taskRow(domain.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    return { creator, task };
  };

  const notifications = (userId: number) =>
    domain.db.query(`SELECT kind, submission_id, detail FROM notifications WHERE user_id = $1 ORDER BY position`, [userId]);

  it('item 6: a batch larger than what the escrow has left pays what fits and fails the rest with its reason', async () => {
    const { creator, task } = await funded(0, { reward: 2, maxCompletions: 3 });
    const earners = [await registerUser(domain.commands), await registerUser(domain.commands), await registerUser(domain.commands)];
    const ids: number[] = [];
    for (const e of earners) ids.push(await submit(domain.commands, task.taskId, e));
    for (const id of ids) await approve(domain.commands, creator, id);
    // A release the app did not decide (a misused releaser key) takes one of the three payouts first.
    await (await stack.chain.escrow.connect(stack.chain.releaser).release(task.key, 999_999, Wallet.createRandom().address)).wait();

    const w = await worker('payouts:capacity');
    for (let k = 0; k < 4; k++) await w.worker.tick();
    const rows = await eventually(async () => {
      const r = await Promise.all(ids.map((id) => submissionRow(domain.db, id)));
      return r.filter((s) => s?.payout_status === 'released').length === 2 && r.some((s) => s?.payout_status === 'failed') && r;
    }, 20_000, 'two paid, one failed');
    const failed = rows.find((s) => s!.payout_status === 'failed')!;
    expect(failed.payout_error).toMatch(/no payout left/);
    expect((await stack.chain.escrow.getEscrow(task.key)).paidCount).toBe(3n);
    // The earner and the creator are told, with the reason.
    expect((await notifications(failed.user_id)).map((n: any) => n.kind)).toContain('payout_failed');
    expect((await notifications(creator.id)).filter((n: any) => n.kind === 'payout_failed').map((n: any) => n.submission_id)).toEqual([failed.id]);
    // The admins too: of the failure, and of the release the app did not request.
    const alerts = await notifications(admin.id);
    expect(alerts.filter((n: any) => n.kind === 'payout_failed').map((n: any) => n.submission_id)).toEqual([failed.id]);
    expect(alerts.filter((n: any) => n.kind === 'task_anomaly' && n.submission_id === 999_999)).toHaveLength(1);
  });

  it('item 7: a payout that failed because a reorganisation dropped the funding is paid once the task is funded again', async () => {
    const creator = await creatorAt(1);
    const task = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 3, maxCompletions: 2, fund: false });
    const snapshot = await stack.anvil.rpc<string>('evm_snapshot');
    await fundTask(stack.chain, creator.signer, task.taskId, 3, 2, task.deadline);
    await eventually(async () => (await taskRow(domain.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const earner = await registerUser(domain.commands);
    const id = await submit(domain.commands, task.taskId, earner);
    await approve(domain.commands, creator, id);
    const w = await worker('payouts:refund-after-reorg');
    await w.worker.tick();
    await eventually(async () => (await submissionRow(domain.db, id))?.payout_status === 'released', 20_000, 'paid (history A)');

    // The funding and the payout are dropped by a reorganisation; the worker's re-sent payout reverts.
    await stack.anvil.rpc('evm_revert', [snapshot]);
    creator.signer.reset();
    for (let i = 0; i < 3; i++) await stack.anvil.rpc('evm_mine');
    await eventually(async () => (await taskRow(domain.db, task.taskId))?.funding_status === 'awaiting_funding', 20_000, 'funding compensated');
    const failed = await eventually(async () => {
      await w.worker.tick();
      const row = await submissionRow(domain.db, id);
      return row?.payout_status === 'failed' && row;
    }, 20_000, 'payout failed: escrow not funded');
    expect(failed.payout_error).toMatch(/not funded.*requested again automatically as soon as the task is funded/);

    // The creator funds again: the payout is requested again and paid, once.
    await fundTask(stack.chain, creator.signer, task.taskId, 3, 2, task.deadline);
    await eventually(async () => {
      await w.worker.tick();
      return (await submissionRow(domain.db, id))?.payout_status === 'released';
    }, 20_000, 'paid after the new funding');
    expect(await stack.chain.token.balanceOf(earner.wallet)).toBe(3n * CENT);
    expect(await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, id))).toHaveLength(1);
  });

  it('item 8: an escrow emptied by releases the app did not decide refuses new submissions and approvals, and the creator is told', async () => {
    const { creator, task } = await funded(2, { reward: 1, maxCompletions: 2 });
    const pendingId = await submit(domain.commands, task.taskId, await registerUser(domain.commands));
    for (const sid of [888_001, 888_002]) {
      await (await stack.chain.escrow.connect(stack.chain.releaser).release(task.key, sid, Wallet.createRandom().address)).wait();
    }
    await eventually(async () => (await taskRow(domain.db, task.taskId))?.anomalies?.length === 2, 20_000, 'both releases recorded as anomalies');
    const emptied = /escrow has no payout left: 2 of its 2 payouts were released by transactions the app did not request/;
    await expect(submit(domain.commands, task.taskId, await registerUser(domain.commands))).rejects.toThrow(emptied);
    await expect(approve(domain.commands, creator, pendingId)).rejects.toThrow(emptied);
    expect((await notifications(creator.id)).filter((n: any) => n.kind === 'task_anomaly')).toHaveLength(2);
  });

  it('item 6: a batch the escrow refuses for good is tried one by one: the payable one is paid, the other fails with its own reason', async () => {
    const { creator, task } = await funded(0, { reward: 1, maxCompletions: 2 });
    // The app takes any 0x + 40 hex digits as a wallet, the zero address included; the escrow refuses to pay it.
    const zero = await registerUser(domain.commands, ZeroAddress);
    const fine = await registerUser(domain.commands);
    const [bad, good] = [await submit(domain.commands, task.taskId, zero), await submit(domain.commands, task.taskId, fine)];
    await approve(domain.commands, creator, bad);
    await approve(domain.commands, creator, good);
    const w = await worker('payouts:one-by-one');
    await w.worker.tick(); // one releaseBatch of both would revert ZeroRecipient for the two
    await eventually(async () => (await submissionRow(domain.db, good))?.payout_status === 'released', 20_000, 'the payable one paid');
    const refused = await submissionRow(domain.db, bad);
    expect(refused).toMatchObject({ payout_status: 'failed' });
    expect(refused!.payout_error).toMatch(/^Escrow refused the payout: ZeroRecipient\(/);
    expect(w.logger.lines.some((l) => /trying its 2 payouts one by one/.test(l))).toBe(true);
  });

  it('the per-hour release cap holds payouts back once reached; they wait, requested, and nothing fails', async () => {
    const { creator, task } = await funded(1, { reward: 1, maxCompletions: 3 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await submit(domain.commands, task.taskId, await registerUser(domain.commands)));
    for (const id of ids) await approve(domain.commands, creator, id);
    const sentBefore: number = (await domain.db.query(
      `SELECT coalesce(sum(n), 0)::int AS n FROM (SELECT DISTINCT ON (nonce) cardinality(submission_ids) AS n FROM payout_transactions
        WHERE status IN ('signed', 'mined') AND created_at > now() - interval '1 hour' ORDER BY nonce, id) x`,
    ))[0].n;
    const w = await leadingWorker(stack, domain, { lockName: 'payouts:cap', maxReleasesPerHour: sentBefore + 2 });
    workers.push(w);
    for (let k = 0; k < 4; k++) await w.worker.tick();
    const rows = await eventually(async () => {
      const r = await Promise.all(ids.map((id) => submissionRow(domain.db, id)));
      return r.filter((x) => x?.payout_status === 'released').length === 2 && r;
    }, 20_000, 'two paid under the cap');
    expect(rows.map((r) => r!.payout_status).sort()).toEqual(['released', 'released', 'requested']);
    expect(w.logger.lines.some((l) => /^ERROR payout release cap reached: \d+ releases in the last hour/.test(l))).toBe(true);
  });
});
