import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { MaxUint256, NonceManager, Wallet } from 'ethers';
import { CentToken__factory } from '@cent/contracts';
import { JsonRpc } from '../src/chain/json-rpc';
import { formatReport, reconcile } from '../src/audit/reconcile';
import { freePort, startAnvil } from './support/anvil';
import { IndexerInstance, Stack, eventually, startIndexedWithPool, stopAll } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { sendInOrder } from './support/send-in-order';

/** `npm run audit`: the chain against the projections. */
describe('escrow audit', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let pool: Pool;

  beforeAll(async () => ({ stack, idx, pool } = await startIndexedWithPool()));
  afterAll(() => stopAll({ pool, idx, stack }));

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
  /** `n` escrows of 1 base unit for consecutive ids from `first`, funded by a fresh stranger; its address. */
  async function junk(n: number, first: bigint): Promise<string> {
    const wallet = Wallet.createRandom().connect(stack.anvil.provider);
    await stack.anvil.rpc('anvil_setBalance', [wallet.address, '0x56BC75E2D63100000']);
    const signer = new NonceManager(wallet);
    await (await CentToken__factory.connect(stack.chain.deployment.token, signer).mint(wallet.address, 10n ** 18n)).wait();
    await (await CentToken__factory.connect(stack.chain.deployment.token, signer).approve(stack.chain.deployment.escrow, MaxUint256)).wait();
    const deadline = BigInt((await stack.anvil.provider.getBlock('latest'))!.timestamp + 3600);
    const escrow = stack.chain.escrow.connect(signer);
    await sendInOrder(n, (i) => escrow.fund(first + BigInt(i), 1n, 1, deadline, { gasLimit: 300_000n }));
    return wallet.address.toLowerCase();
  }

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

  it('junk escrows for ids the app never issued are information: a count and the top funders, exit 0, a few lines', async () => {
    const funders: string[] = [];
    for (const [n, first] of [[120, 10_000_000n], [100, 2n ** 255n], [80, 2n ** 256n - 100n]] as const) funders.push(await junk(n, first));
    await caughtUp();
    const report = await run();
    expect(report.ok).toBe(true);
    expect(report.information.junkEscrows).toEqual({
      count: 300, taskIds: 300, held: 300, heldAmount: 300n,
      topFunders: funders.map((funder, i) => ({ funder, count: [120, 100, 80][i] })),
    });
    expect(report.tasks.every((t) => BigInt(t.taskId) < 10_000_000n)).toBe(true);
    const out = cli();
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('No differences');
    expect(out.stdout).toContain(`300 escrow(s) funded for 300 task id(s) the app never issued; 300 still held (0.0000000000000003 CENT). Top funders: ${funders[0]} (120), ${funders[1]} (100), ${funders[2]} (80).`);
    expect(out.stdout.split('\n').length).toBeLessThan(report.tasks.length + 20);
  });

  it('reports a payout the app does not know and a task funded behind its back, and exits 1', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 1);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 3, maxCompletions: 2 });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    // A releaser key pays a submission id the app never had (a payout the app did not decide).
    await (await stack.chain.escrow.connect(stack.chain.releaser).release(task.key, 987_654, Wallet.createRandom().address)).wait();
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
    // An id the app never issued is information (issue 19: anyone can fund any id), not a task line.
    expect(report.tasks.find((t) => t.taskId === '555555')).toBeUndefined();
    expect(report.information.junkEscrows).toMatchObject({ count: 301, taskIds: 301, held: 301 }); // with the 300 of the test before
    expect(report.information.junkEscrows.topFunders).toContainEqual({ funder: creator.wallet.toLowerCase(), count: 1 });
    expect(report.payoutDifferences).toEqual([expect.stringContaining('submission 987654') ]);
    expect(report.payoutDifferences[0]).toContain('no such submission in the app');
    const text = formatReport(report);
    expect(text).toContain('DIFFERENT');
    const out = cli();
    expect(out.status).toBe(1);
    expect(out.stdout).toContain('difference(s):');
  });
});

/** `npm run audit` through a pipe whose reader is slower than the audit (CI, `| less`). */
describe('escrow audit: through a pipe', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let pool: Pool;

  beforeAll(async () => ({ stack, idx, pool } = await startIndexedWithPool({}, { payouts: false })));
  afterAll(() => stopAll({ pool, idx, stack }));

  it('prints every line of a long report (well over a pipe buffer) and exits with its code', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    // 1,000 tasks: ~75 kB of table, more than a pipe holds (64 kB) before its reader takes any.
    for (let i = 0; i < 1_000; i++) await createAndFundTask(idx.commands, stack.chain, creator, { reward: 1, maxCompletions: 1, fund: false });
    const report = await reconcile({
      rpc: new JsonRpc(stack.anvil.url, { log: () => undefined, warn: () => undefined, error: () => undefined }), db: pool, chainId: 31337,
      escrow: stack.chain.deployment.escrow.toLowerCase(), startBlock: stack.chain.deployment.deploymentBlock, confirmations: 0, source: idx.runner.settings.source,
    });
    const expected = `${formatReport(report)}\n`;
    expect(expected.length).toBeGreaterThan(70_000);
    const runTs = path.join(__dirname, '..', 'bin', 'run-ts.js');
    const main = path.join(__dirname, '..', 'src', 'audit', 'audit.main.ts');
    // The reader starts a second late and counts lines: what a process.exit() right after printing loses.
    // Not spawnSync: this process must keep draining anvil's log pipe meanwhile (1,000 eth_calls fill it).
    const piped = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn('bash', ['-c', `"${process.execPath}" "${runTs}" "${main}" | (sleep 1; wc -l); exit \${PIPESTATUS[0]}`], {
        env: { ...process.env, ...stack.env }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('error', reject);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
    expect(piped.stderr).toBe('');
    expect(Number(piped.stdout.trim())).toBe(expected.split('\n').length - 1);
    expect(piped.status).toBe(0);
  });
});

/** `npm run audit` when it cannot find the product: one line naming what and how to point at it, exit 2. */
describe('escrow audit: nothing to reach', () => {
  const audit = (env: Record<string, string>) =>
    spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'run-ts.js'), path.join(__dirname, '..', 'src', 'audit', 'audit.main.ts')], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-audit-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('names the chain it could not reach (from CHAIN_PORT) and says how to point at it', async () => {
    const port = await freePort();
    const res = audit({ DATA_DIR: dataDir, CHAIN_PORT: String(port) });
    expect(res.status).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim()).toMatch(
      new RegExp(`^audit failed: no chain answers at http://127\\.0\\.0\\.1:${port} \\(from CHAIN_PORT, from the environment\\): .*ECONNREFUSED.*No npm start has run with DATA_DIR=${dataDir}.*RPC_URL=<url> or CHAIN_PORT=<port>\\.$`),
    );
  });

  it('names the missing database when the chain answers but DATA_DIR holds none', async () => {
    const anvil = await startAnvil();
    try {
      const res = audit({ DATA_DIR: dataDir, RPC_URL: anvil.url, ESCROW_ADDRESS: Wallet.createRandom().address });
      expect(res.status).toBe(2);
      expect(res.stderr.trim()).toMatch(
        new RegExp(`^audit failed: no database: DATABASE_URL is not set and there is no embedded PostgreSQL in ${dataDir}/postgres\\. .*DATA_DIR=<its data dir> or DATABASE_URL=<url>\\.$`),
      );
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false); // no empty database made up to audit
    } finally {
      await anvil.stop();
    }
  });

  it('names an unreachable DATABASE_URL without printing its password', async () => {
    const anvil = await startAnvil();
    try {
      const port = await freePort();
      const res = audit({ DATA_DIR: dataDir, RPC_URL: anvil.url, ESCROW_ADDRESS: Wallet.createRandom().address, DATABASE_URL: `postgres://u:secret-pw@127.0.0.1:${port}/db` });
      expect(res.status).toBe(2);
      expect(res.stderr).toMatch(new RegExp(`audit failed: cannot reach the database at 127\\.0\\.0\\.1:${port}/db \\(DATABASE_URL from the environment\\): .*ECONNREFUSED`));
      expect(res.stderr).not.toContain('secret-pw');
    } finally {
      await anvil.stop();
    }
  });
});
