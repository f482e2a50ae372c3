import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { Pool } from 'pg';
import { Wallet } from 'ethers';
import { JsonRpc } from '../src/chain/json-rpc';
import { formatReport, reconcile } from '../src/audit/reconcile';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';

/** `npm run audit`: the chain against the projections. */
describe('escrow audit', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let pool: Pool;

  beforeAll(async () => {
    stack = await startStack();
    idx = await startIndexer(stack.env);
    pool = new Pool({ connectionString: stack.databaseUrl, max: 2 });
  });

  afterAll(async () => {
    await pool?.end();
    await idx?.close();
    await stack?.stop();
  });

  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const run = () =>
    reconcile({
      rpc: new JsonRpc(stack.anvil.url, quiet), db: pool, chainId: 31337, escrow: stack.chain.deployment.escrow.toLowerCase(),
      startBlock: stack.chain.deployment.deploymentBlock, confirmations: 0, source: idx.runner.settings.source,
    });
  const cli = () =>
    spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'run-ts.js'), path.join(__dirname, '..', 'src', 'audit', 'audit.main.ts')], {
      env: { ...process.env, ...stack.env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  const caughtUp = async () => {
    const head = await stack.anvil.provider.getBlockNumber();
    await eventually(async () => Number((await pool.query(`SELECT block_number FROM indexer_checkpoints`)).rows[0]?.block_number) === head, 20_000, 'indexer at head');
  };

  it('finds no difference when every task and payout matches, and exits 0', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 2, maxCompletions: 3 });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    for (let i = 0; i < 2; i++) {
      const id = await submit(idx.commands, task.taskId, await registerUser(idx.commands));
      await approve(idx.commands, creator, id);
      await eventually(async () => (await submissionRow(idx.db, id))?.payout_status === 'released', 20_000, 'paid');
    }
    await createAndFundTask(idx.commands, stack.chain, creator, { reward: 1, maxCompletions: 1, fund: false }); // never funded
    await caughtUp();
    const report = await run();
    expect(report.ok).toBe(true);
    expect(report.tasks.find((t) => t.taskId === String(task.taskId))).toMatchObject({ chainPaid: 2, appPaid: 2, differences: [] });
    const out = cli();
    expect(out.stdout).toContain('No differences');
    expect(out.status).toBe(0);
  });

  it('reports a payout the app does not know and a task funded behind its back, and exits 1', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 1);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 3, maxCompletions: 2 });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    // The creator pays a submission id the app never had, straight from their wallet.
    await (await stack.chain.escrow.connect(creator.signer).release(task.taskId, 987_654, Wallet.createRandom().address)).wait();
    // A task id the backend never created, funded on chain.
    await (await stack.chain.escrow.connect(creator.signer).fund(555_555, 10n ** 18n, 1, BigInt(Math.floor(Date.now() / 1000) + 3600))).wait();
    await caughtUp();
    const report = await run();
    expect(report.ok).toBe(false);
    expect(report.tasks.find((t) => t.taskId === String(task.taskId))!.differences).toEqual([
      expect.stringMatching(/^anomaly unknown_submission: submission 987654 is not a submission of task \d+ \(0x[0-9a-f]{64}\)$/),
      'paid count: chain 1, app 0',
      expect.stringMatching(/^remaining: chain/),
    ]);
    expect(report.tasks.find((t) => t.taskId === '555555')!.differences).toEqual(['funded on chain but unknown to the app']);
    expect(report.payoutDifferences).toEqual([expect.stringContaining('submission 987654') ]);
    expect(report.payoutDifferences[0]).toContain('no such submission in the app');
    const text = formatReport(report);
    expect(text).toContain('DIFFERENT');
    const out = cli();
    expect(out.status).toBe(1);
    expect(out.stdout).toContain('difference(s):');
  });
});
