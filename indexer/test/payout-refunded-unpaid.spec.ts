import request from 'supertest';
import { Pool } from 'pg';
import { startTestApp } from '@cent/backend/testing';
import { JsonRpc } from '../src/chain/json-rpc';
import { reconcile } from '../src/audit/reconcile';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';

/**
 * Issue 19 item 3: an escrow refunded while an approved submission was never paid is a real difference
 * (escrow view inconsistent, `npm run audit` exit 1) and the earner and the creator are told, never a
 * silent unpaid approval next to a refunded escrow.
 */
describe('an approved submission left unpaid by a refund', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let api: Awaited<ReturnType<typeof startTestApp>>;
  let pool: Pool;

  beforeAll(async () => {
    stack = await startStack();
    // No payout worker: the approval stays unpaid (a worker down, a key revoked, ...).
    idx = await startIndexer(stack.env, { payouts: false });
    api = await startTestApp(stack.env, stack.databaseUrl);
    pool = new Pool({ connectionString: stack.databaseUrl, max: 2 });
  });

  afterAll(async () => {
    await pool?.end();
    await api?.close();
    await idx?.close();
    await stack?.stop();
  });

  it('is a difference in the escrow view and the audit, and the earner and the creator are told', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 3, maxCompletions: 2, deadline: new Date(Date.now() + 120_000) });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const earner = await registerUser(idx.commands);
    const id = await submit(idx.commands, task.taskId, earner);
    await approve(idx.commands, creator, id);

    const refundableAt = Number(await stack.chain.escrow.refundableAt(task.key));
    const now = (await stack.anvil.provider.getBlock('latest'))!.timestamp;
    await stack.anvil.rpc('evm_increaseTime', [refundableAt - now + 1]);
    await stack.anvil.rpc('evm_mine');
    await (await stack.chain.escrow.connect(creator.signer).refund(task.key)).wait();
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'refunded', 20_000, 'refunded');
    const head = await stack.anvil.provider.getBlockNumber();
    await eventually(async () => Number((await pool.query(`SELECT block_number FROM indexer_checkpoints`)).rows[0]?.block_number) === head, 20_000, 'indexer at head');

    const view = (await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200)).body;
    expect(view.consistent).toBe(false);
    expect(view.differences).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`submission ${id}.*approved.*never paid`))]));

    const report = await reconcile({
      rpc: new JsonRpc(stack.anvil.url, { log: () => undefined, warn: () => undefined, error: () => undefined }), db: pool, chainId: 31337,
      escrow: stack.chain.deployment.escrow.toLowerCase(), startBlock: stack.chain.deployment.deploymentBlock, confirmations: 0,
      source: idx.runner.settings.source,
    });
    expect(report.ok).toBe(false);
    expect(report.tasks.find((t) => t.taskId === String(task.taskId))!.differences.join('\n')).toMatch(new RegExp(`submission ${id}.*never paid`));

    // The approval does not sit silently: failed with the reason, told to both.
    const row = await submissionRow(idx.db, id);
    expect(row).toMatchObject({ status: 'approved', payout_status: 'failed' });
    expect(row!.payout_error).toMatch(/refunded to its creator before this approved reward was paid/);
    for (const userId of [earner.id, creator.id]) {
      const kinds = await idx.db.query(`SELECT kind FROM notifications WHERE user_id = $1 AND submission_id = $2`, [userId, id]);
      expect(kinds.map((k: { kind: string }) => k.kind)).toContain('payout_failed');
    }
  });
});
