import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { MaxUint256, NonceManager, Wallet } from 'ethers';
import { Pool } from 'pg';
import request from 'supertest';
import { CreateTaskCommand, escrowKey, MESSAGES, ProjectionRunner, ReviewSubmissionCommand } from '@cent/backend';
import { startTestApp, sessionCookieFor } from '@cent/backend/testing';
import { JsonRpc } from '../src/chain/json-rpc';
import { reconcile } from '../src/audit/reconcile';
import { CentToken__factory } from '@cent/contracts';
import { CENT } from './support/escrow-chain';
import { Person, approve, createAndFundTask, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { IndexerInstance, Stack, eventually, startIndexedWithPool, startIndexer, stopAll } from './support/stack';

const unix = (d: Date) => BigInt(Math.floor(d.getTime() / 1000));
const kinds = (row: any) => row.anomalies.map((a: any) => a.kind);

/**
 * The attacks of issue 10 against the running product: a real anvil with TaskEscrow v2, the real indexer
 * and payout worker, a real PostgreSQL. The app believes a chain fact only when it matches what it decided.
 */
describe('escrow attacks: the app believes only what it decided', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let pool: Pool;

  // The test deployment's review window is 60 s; approvals close 10 s before it ends (stack env).
  beforeAll(async () => ({ stack, idx, pool } = await startIndexedWithPool()));
  afterAll(() => stopAll({ pool, idx, stack }));

  /** A user whose linked wallet is a fresh funded account that approved the escrow. */
  async function walletUser(): Promise<Person & { signer: NonceManager }> {
    const wallet = Wallet.createRandom().connect(stack.anvil.provider);
    await stack.anvil.rpc('anvil_setBalance', [wallet.address, '0x56BC75E2D63100000']);
    const signer = new NonceManager(wallet);
    const token = CentToken__factory.connect(stack.chain.deployment.token, signer);
    await (await token.mint(wallet.address, 1_000_000n * CENT)).wait();
    await (await token.approve(stack.chain.deployment.escrow, MaxUint256)).wait();
    return { ...(await registerUser(idx.commands, wallet.address)), signer };
  }

  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const audit = () =>
    reconcile({
      rpc: new JsonRpc(stack.anvil.url, quiet), db: pool, chainId: 31337, escrow: stack.chain.deployment.escrow.toLowerCase(),
      startBlock: stack.chain.deployment.deploymentBlock, confirmations: 0, source: idx.runner.settings.source,
    });
  const auditCli = () =>
    spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'run-ts.js'), path.join(__dirname, '..', 'src', 'audit', 'audit.main.ts')], {
      env: { ...process.env, ...stack.env }, encoding: 'utf8', timeout: 60_000,
    });
  const caughtUp = async () => {
    const head = await stack.anvil.provider.getBlockNumber();
    await eventually(async () => Number((await pool.query(`SELECT block_number FROM indexer_checkpoints`)).rows[0]?.block_number) >= head, 20_000, 'indexer at head');
  };
  const listed = async (id: number) => (await pool.query(`SELECT 1 FROM tasks t WHERE t.id = $1 AND t.funding_status = 'funded' AND t.is_active`, [id])).rowCount === 1;
  const until = async (taskId: number, probe: (row: any) => boolean, what: string) =>
    eventually(async () => {
      const row = await taskRow(idx.db, taskId);
      return row && probe(row) && row;
    }, 20_000, what);

  it('a stranger funding the task id first cannot squat it: the creator still funds, the task is funded with the creator\'s key', async () => {
    const creator = await walletUser();
    const stranger = await walletUser();
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 4, maxCompletions: 2, fund: false });
    const deadline = unix(task.deadline);
    // The v1 squat: 1 wei x 1 for the next id, from a stranger's wallet, first; and the exact terms too.
    await (await stack.chain.escrow.connect(stranger.signer).fund(task.taskId, 1n, 1, deadline)).wait();
    await (await stack.chain.escrow.connect(stranger.signer).fund(task.taskId, 4n * CENT, 2, deadline)).wait();
    const squatted = await until(task.taskId, (r) => r.anomalies.length === 2, 'squats recorded as anomalies');
    expect(squatted.funding_status).toBe('anomaly');
    expect(kinds(squatted)).toEqual(['foreign_funder', 'foreign_funder']);
    expect(squatted.anomalies[0].reason).toContain(`funded by ${stranger.wallet.toLowerCase()}, not by the creator's linked wallet ${creator.wallet}`);
    expect(await listed(task.taskId)).toBe(false);

    // The creator's exact funding does not revert and is the one the app believes.
    const receipt = await (await stack.chain.escrow.connect(creator.signer).fund(task.taskId, 4n * CENT, 2, deadline)).wait();
    const funded = await until(task.taskId, (r) => r.funding_status === 'funded', 'funded by the creator');
    expect(funded.escrow_key).toBe(task.key.toLowerCase());
    expect(funded.funded_tx_hash).toBe(receipt!.hash.toLowerCase());
    expect(await listed(task.taskId)).toBe(true);
    // The app's refund date is the contract's.
    expect(new Date(funded.refundable_at).getTime() / 1000).toBe(Number(await stack.chain.escrow.refundableAt(task.key)));

    // It pays from that key: approve, the worker releases, the earner is paid.
    const earner = await registerUser(idx.commands);
    const s = await submit(idx.commands, task.taskId, earner);
    await approve(idx.commands, creator, s);
    await eventually(async () => (await submissionRow(idx.db, s))?.payout_status === 'released', 20_000, 'paid');
    expect(await stack.chain.token.balanceOf(earner.wallet)).toBe(4n * CENT);
    expect(await stack.chain.escrow.isPaid(task.key, s)).toBe(true);
  });

  it.each([
    ['reward', { reward: 5n * CENT }, 'reward per payout 5000000000000000000 base units instead of 3000000000000000000'],
    ['max completions', { max: 3 }, 'max completions 3 instead of 2'],
    ['deadline', { shift: 3600n }, 'deadline '],
  ])('the creator funding with another %s is an anomaly with its reason, never listed; the audit exits 1', async (_what, o: any, reason) => {
    const creator = await walletUser();
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 3, maxCompletions: 2, fund: false });
    await (await stack.chain.escrow.connect(creator.signer).fund(task.taskId, o.reward ?? 3n * CENT, o.max ?? 2, unix(task.deadline) + (o.shift ?? 0n))).wait();
    const row = await until(task.taskId, (r) => r.funding_status === 'anomaly', 'anomaly');
    expect(row.anomalies).toEqual([expect.objectContaining({ kind: 'wrong_terms', reason: expect.stringContaining(reason) })]);
    expect(row.anomalies[0].recovery).toMatch(/^Refund that escrow from the wallet that funded it \(0x[0-9a-f]{40}\) after \S+, then fund again with the exact arguments shown\.$/i);
    expect(await listed(task.taskId)).toBe(false);
    await caughtUp();
    const report = await audit();
    expect(report.ok).toBe(false);
    expect(report.tasks.find((t) => t.taskId === String(task.taskId))!.differences).toEqual([
      expect.stringContaining(`anomaly wrong_terms: ${reason}`),
    ]);
  });

  it('only the releaser can release; a release to another recipient or from another escrow is a payout anomaly: not paid, leaderboard unchanged, audit exits 1', async () => {
    // The payout worker is off for this case: the test's own releaser key plays a compromised or buggy worker.
    await idx.close();
    idx = await startIndexer(stack.env, { payouts: false });
    try {
      const creator = await walletUser();
      const stranger = await walletUser();
      const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 6, maxCompletions: 3 });
      await until(task.taskId, (r) => r.funding_status === 'funded', 'funded');
      const [earner, other] = [await registerUser(idx.commands), await registerUser(idx.commands)];
      const [s, s2] = [await submit(idx.commands, task.taskId, earner), await submit(idx.commands, task.taskId, other)];
      await approve(idx.commands, creator, s);
      await approve(idx.commands, creator, s2);
      // A creator's own release (the v1 attack): the contract refuses it.
      await expect(stack.chain.escrow.connect(creator.signer).release(task.key, s, creator.wallet)).rejects.toThrow();
      const board = async () => (await pool.query(`SELECT * FROM leaderboard ORDER BY user_id`)).rows;
      const before = await board();
      // The releaser pays a stranger instead of the earner.
      const thief = Wallet.createRandom().address;
      await (await stack.chain.escrow.connect(stack.chain.releaser).release(task.key, s, thief)).wait();
      // The releaser pays the other approved submission from a stray escrow of the same task id (1 wei rewards).
      await (await stack.chain.escrow.connect(stranger.signer).fund(task.taskId, 1n, 5, unix(task.deadline))).wait();
      const strayKey = escrowKey(stranger.wallet, { taskId: task.taskId, reward: 1n, maxCompletions: 5n, deadline: unix(task.deadline) });
      await (await stack.chain.escrow.connect(stack.chain.releaser).release(strayKey, s2, other.wallet)).wait();

      const row = await until(task.taskId, (r) => r.anomalies.length === 3, 'anomalies recorded');
      expect(kinds(row)).toEqual(['wrong_recipient', 'stranger_escrow', 'wrong_escrow']); // a stranger's escrow beside the funded task: for admins (issue 19)
      expect(row.anomalies[0]).toMatchObject({
        audience: 'admin', submissionId: s, reason: `paid to ${thief.toLowerCase()}, but the payout was requested for ${earner.wallet}`,
      });
      expect(row.anomalies[2]).toMatchObject({
        audience: 'admin', submissionId: s2,
        reason: `released from escrow ${strayKey}, not from the task's escrow ${task.key.toLowerCase()}; released 1 base units instead of the reward ${6n * CENT}`,
      });
      for (const id of [s, s2]) expect((await submissionRow(idx.db, id))!.payout_status).toBe('requested');
      expect(row.released_amount).toBe('0');
      expect(await board()).toEqual(before);

      await caughtUp();
      const report = await audit();
      expect(report.ok).toBe(false);
      const differences = report.tasks.find((t) => t.taskId === String(task.taskId))!.differences;
      expect(differences).toEqual(expect.arrayContaining([
        expect.stringMatching(/^anomaly wrong_recipient: paid to/),
        expect.stringMatching(/^anomaly wrong_escrow: released from escrow/),
      ]));
      // The stranger's escrow on this funded task is information for admins, not a difference (issue 19, item 10).
      expect(differences.filter((d) => /^anomaly (foreign_funder|stranger_escrow)/.test(d))).toEqual([]);
      expect(report.information.strangerEscrows.topTasks).toContainEqual({ taskId: String(task.taskId), count: 1 });
      const cli = auditCli();
      expect(cli.status).toBe(1);
      expect(cli.stdout).toContain('anomaly wrong_recipient');
      // The escrow view applies the same rule: the release to the thief is listed, the view is not consistent.
      const api = await startTestApp(stack.env, stack.databaseUrl);
      try {
        const view = await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).set('Cookie', await sessionCookieFor(api.dataSource, creator.id)).expect(200);
        expect(view.body.consistent).toBe(false);
        expect(view.body.differences).toEqual(expect.arrayContaining([
          expect.stringMatching(/^anomaly wrong_recipient: /),
          expect.stringMatching(new RegExp(`^RewardReleased submission ${s} \\(0x[0-9a-f]{64}\\): paid to ${thief}, the payout was requested for ${earner.wallet}$`, 'i')),
        ]));
      } finally {
        await api.close();
      }
    } finally {
      await idx.close();
      idx = await startIndexer(stack.env);
    }
  });

  it('refuses an approval once review has closed, with its message, while the contract would still pay', async () => {
    // Another app instance whose closing margin is 58 s of the 60 s window: review closes 2 s after the deadline.
    const late = await startIndexer({ ...stack.env, REVIEW_CLOSE_MARGIN_SECONDS: '58' }, { start: false, payouts: false });
    try {
      const creator = await walletUser();
      const deadline = new Date((Math.floor(Date.now() / 1000) + 5) * 1000);
      const taskId: number = await late.commands.execute(new CreateTaskCommand(creator.id, {
        title: 'Late review', description: 'd', requirements: 'r', category: 'Content', reward: 2, maxCompletions: 2, estimatedTime: 5,
        deadline, submissionType: 'text', isActive: true,
      }));
      await (await stack.chain.escrow.connect(creator.signer).fund(taskId, 2n * CENT, 2, unix(deadline))).wait();
      const row = await until(taskId, (r) => r.funding_status === 'funded', 'funded');
      const key = escrowKey(creator.wallet, { taskId, reward: 2n * CENT, maxCompletions: 2n, deadline: unix(deadline) });
      const refundableAt = Number(await stack.chain.escrow.refundableAt(key));
      const reviewUntil = new Date(row.review_until);
      expect(reviewUntil.getTime() / 1000).toBe(refundableAt - 1 - 58);
      const [a, b] = [await registerUser(idx.commands), await registerUser(idx.commands)];
      const [sa, sb] = [await submit(idx.commands, taskId, a), await submit(idx.commands, taskId, b)];
      await approve(idx.commands, creator, sa); // before closing: accepted
      while (Date.now() <= reviewUntil.getTime()) await new Promise((r) => setTimeout(r, 100));
      await expect(idx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, sb, 'approved', null)))
        .rejects.toMatchObject({ status: 409, message: MESSAGES.reviewClosed(reviewUntil) });
      expect((await submissionRow(idx.db, sb))!.status).toBe('pending');
      // The approved one is paid by the worker: the contract still releases until deadline + window.
      await eventually(async () => (await submissionRow(idx.db, sa))?.payout_status === 'released', 30_000, 'paid before the refund opens');
    } finally {
      await late.close();
    }
  });

  it('replaying every log from the deployment block changes nothing, and a projection rebuild equals the live read models', async () => {
    await caughtUp();
    await idx.close();
    const tables = ['tasks', 'submissions', 'leaderboard'];
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const t of tables) out[t] = (await pool.query(`SELECT * FROM ${t} ORDER BY 1`)).rows;
      out.events = (await pool.query(`SELECT count(*)::int AS n FROM events`)).rows;
      return out;
    };
    const live = await dump();
    expect((live.tasks as any[]).filter((t) => t.anomalies.length).length).toBeGreaterThan(3);
    // Forget where the indexer was: the next start re-reads and re-applies every escrow log.
    await pool.query(`DELETE FROM indexer_checkpoints`);
    await pool.query(`DELETE FROM indexer_blocks`);
    idx = await startIndexer(stack.env, { payouts: false });
    await caughtUp();
    await idx.close();
    expect(await dump()).toEqual(live);
    idx = await startIndexer(stack.env, { start: false });
    await idx.app.get(ProjectionRunner).rebuild();
    expect(await dump()).toEqual(live);
  });
});
