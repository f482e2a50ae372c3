import { Wallet } from 'ethers';
import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
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

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { payouts: false });
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

  const funded = async (creatorIndex: number, opts: { reward?: number; maxCompletions?: number } = {}) => {
    const creator = await registerCreator(domain.commands, stack.chain, creatorIndex);
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
  });
});
