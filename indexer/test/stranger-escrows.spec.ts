import { MaxUint256, NonceManager, Wallet } from 'ethers';
import { Pool } from 'pg';
import request from 'supertest';
import { CentToken__factory } from '@cent/contracts';
import { GrantAdminCommand } from '@cent/backend';
import { startTestApp, sessionCookieFor } from '@cent/backend/testing';
import { JsonRpc } from '../src/chain/json-rpc';
import { reconcile } from '../src/audit/reconcile';
import { createAndFundTask, registerCreator, registerUser, taskRow } from './support/scenario';
import { IndexerInstance, Stack, eventually, startIndexedWithPool, stopAll } from './support/stack';
import { sendInOrder } from './support/send-in-order';

/**
 * Issue 19, item 10, on a real anvil, the real indexer and PostgreSQL: 300 strangers' escrows of one task id
 * (50 before the creator funds it, 250 after) are information for admins, a capped count. The creator's
 * task JSON and the escrow view stay small, the correctly funded task's escrow view stays consistent, and
 * `npm run audit` counts them without a difference.
 */
describe("strangers' escrows on a funded task", () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let pool: Pool;

  beforeAll(async () => ({ stack, idx, pool } = await startIndexedWithPool({}, { payouts: false })));
  afterAll(() => stopAll({ pool, idx, stack }));

  /** `n` escrows of the task id from one fresh wallet (each with another reward, so another key). */
  async function strangersFund(taskId: number, n: number, deadline: bigint, offset: number): Promise<void> {
    const wallet = Wallet.createRandom().connect(stack.anvil.provider);
    await stack.anvil.rpc('anvil_setBalance', [wallet.address, '0x56BC75E2D63100000']);
    const signer = new NonceManager(wallet);
    const token = CentToken__factory.connect(stack.chain.deployment.token, signer);
    await (await token.mint(wallet.address, 10n ** 18n)).wait();
    await (await token.approve(stack.chain.deployment.escrow, MaxUint256)).wait();
    const escrow = stack.chain.escrow.connect(signer);
    await sendInOrder(n, (i) => escrow.fund(taskId, BigInt(offset + i + 1), 1, deadline, { gasLimit: 300_000n }));
  }

  const caughtUp = async () => {
    const head = await stack.anvil.provider.getBlockNumber();
    await eventually(async () => Number((await pool.query(`SELECT block_number FROM indexer_checkpoints`)).rows[0]?.block_number) >= head, 60_000, 'indexer at head');
  };

  it('300 of them: small JSON for the creator, a consistent escrow view, a count for admins and the audit, exit 0', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 2, maxCompletions: 2, fund: false });
    const deadline = BigInt(Math.floor(task.deadline.getTime() / 1000));
    await strangersFund(task.taskId, 50, deadline, 0);
    await (await stack.chain.escrow.connect(creator.signer).fund(task.taskId, 2n * 10n ** 18n, 2, deadline)).wait();
    await strangersFund(task.taskId, 125, deadline, 1_000);
    await strangersFund(task.taskId, 125, deadline, 2_000);
    await caughtUp();
    const api = await startTestApp(stack.env, stack.databaseUrl);
    try {
      const creatorCookie = await sessionCookieFor(api.dataSource, creator.id);
      const view = await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).set('Cookie', creatorCookie).expect(200);
      expect(view.body).toMatchObject({ consistent: true, differences: [], otherFundings: 300 });
      expect(view.body.app).toMatchObject({ fundingStatus: 'funded', anomalies: [], strangerEscrows: 300 });
      expect(view.body.events.filter((e: { type: string }) => e.type === 'TaskFunded')).toHaveLength(11); // its own + the first 10 others
      expect(JSON.stringify(view.body).length).toBeLessThan(12_000);

      const own = await request(api.http).get(`/api/tasks/${task.taskId}`).set('Cookie', creatorCookie).expect(200);
      expect(own.body.funding).toMatchObject({ status: 'funded', anomalies: [], moreAnomalies: 0, strangerEscrows: null });
      expect(JSON.stringify(own.body).length).toBeLessThan(3_000);

      const adminId = (await registerUser(idx.commands)).id;
      await idx.commands.execute(new GrantAdminCommand(adminId, 'test'));
      const asAdmin = await request(api.http).get(`/api/tasks/${task.taskId}`).set('Cookie', await sessionCookieFor(api.dataSource, adminId)).expect(200);
      expect(asAdmin.body.funding.strangerEscrows).toMatchObject({ count: 300 });
      expect(asAdmin.body.funding.strangerEscrows.first).toHaveLength(5);
    } finally {
      await api.close();
    }
    // The row lists 10 of them and counts the others.
    const row = await taskRow(idx.db, task.taskId);
    expect(row).toMatchObject({ funding_status: 'funded', stranger_escrows_unlisted: 290 });
    expect(row!.anomalies).toHaveLength(10);

    const report = await reconcile({
      rpc: new JsonRpc(stack.anvil.url, { log: () => undefined, warn: () => undefined, error: () => undefined }), db: pool, chainId: 31337,
      escrow: stack.chain.deployment.escrow.toLowerCase(), startBlock: stack.chain.deployment.deploymentBlock, confirmations: 0, source: idx.runner.settings.source,
    });
    expect(report.ok).toBe(true);
    expect(report.tasks.find((t) => t.taskId === String(task.taskId))!.differences).toEqual([]);
    expect(report.information.strangerEscrows).toEqual({ count: 300, tasks: 1, topTasks: [{ taskId: String(task.taskId), count: 300 }] });
  });
});
