/**
 * `npm start`'s supervisor (scripts/start.mjs) as a user runs it, on its own ports and DATA_DIR: the
 * welcome block, healing a SIGKILLed indexer while payouts are queued (every approval paid once, the
 * audit clean, found through DATA_DIR/runtime.json), the crash budget, and Ctrl-C leaving nothing behind.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { JsonRpcProvider, Wallet } from 'ethers';
import { DEMO_ACCOUNTS, DEV_RELEASER, TaskEscrow__factory } from '@cent/contracts';
import { RuntimeFile, loadCliConfig, openCliDatabase, UsersReadRepository } from '@cent/backend';
import { IndexerInstance, eventually, startIndexer } from './support/stack';
import { approve, registerUser, submissionRow, submit } from './support/scenario';
import { StartPlace, StartProcess, isAlive, spawnStart, startPlace } from './support/start-process';

const INDEXER = path.resolve(__dirname, '..');

describe('npm start supervises the product (scripts/start.mjs)', () => {
  let place: StartPlace;
  let start: StartProcess;
  const started: StartProcess[] = [];
  let domain: IndexerInstance | undefined;

  beforeAll(async () => {
    place = await startPlace();
  });

  afterAll(async () => {
    await domain?.close();
    for (const s of started) {
      if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGINT');
      await s.exited;
    }
    place.remove();
  });

  /** Pids of everything the supervisor runs: its children, and PostgreSQL's postmaster. */
  function processesOf(pid: number): number[] {
    const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
    const pidFile = path.join(place.dataDir, 'postgres', 'postmaster.pid');
    const postmaster = fs.existsSync(pidFile) ? [Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])] : [];
    return [...new Set([...children, ...postmaster])];
  }

  it('prints the welcome block, heals a SIGKILLed indexer with payouts queued (each paid once, audit clean), then spends its crash budget and stops everything', async () => {
    // A long batch window keeps the approvals queued in the worker when it is killed.
    started.push((start = spawnStart(place, { START_CRASH_BUDGET: '2', START_CRASH_WINDOW_MS: '600000', PAYOUT_BATCH_WINDOW_MS: '2000', LOG_LEVEL: 'warn', REVIEW_WINDOW_SECONDS: '86400' })));
    await start.waitFor(/Ctrl-C stops everything\./, 240_000);
    const out = start.output();

    // The welcome block: URL, the wallet's network, and the demo roles with keys matching their addresses.
    expect(out).toContain(`CENT Tasks is running: http://localhost:${place.port}`);
    expect(out).toContain(`Wallet network: RPC URL http://127.0.0.1:${place.chainPort}, chain id 31337`);
    const roles = new Map([...out.matchAll(/^\[start\] +(\w+) +\S.*?(0x[0-9a-fA-F]{40}) {2}(0x[0-9a-f]{64})$/gm)].map((m) => [m[1], { address: m[2], key: m[3] }]));
    expect([...roles.keys()]).toEqual(['creator', 'earner', 'admin', 'releaser']);
    expect(roles.get('creator')!.address).toBe(DEMO_ACCOUNTS.creator.address);
    expect(roles.get('admin')!.address).toBe(DEMO_ACCOUNTS.admin.address);
    expect(roles.get('releaser')!.address).toBe(DEV_RELEASER.address);
    for (const { address, key } of roles.values()) expect(new Wallet(key).address).toBe(address);

    // The runtime file says how to reach this chain and database; the test's own domain finds it that way.
    const runtime = JSON.parse(fs.readFileSync(path.join(place.dataDir, 'runtime.json'), 'utf8')) as RuntimeFile;
    expect(runtime.env).toMatchObject({ RPC_URL: `http://127.0.0.1:${place.chainPort}`, EMBEDDED_PG_PORT: String(place.pgPort), PORT: String(place.port) });
    const cli = loadCliConfig({ DATA_DIR: place.dataDir });
    const database = await openCliDatabase(cli);
    domain = await startIndexer(
      {
        NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, RPC_URL: cli.config.RPC_URL, CHAIN_ID: '31337',
        ESCROW_ADDRESS: runtime.env.ESCROW_ADDRESS, TOKEN_ADDRESS: runtime.env.TOKEN_ADDRESS, ESCROW_DEPLOYMENT_BLOCK: runtime.env.ESCROW_DEPLOYMENT_BLOCK,
      },
      { start: false, payouts: false },
    );
    const users = domain.app.get(UsersReadRepository);
    const admin = await eventually(async () => users.findById((await users.userIdByWallet(DEMO_ACCOUNTS.admin.address))!), 20_000, 'demo admin');
    expect(admin.isAdmin).toBe(true);

    // The seeded, funded demo tasks taking text proofs; approvals by the demo creator over their free slots.
    const api = `http://127.0.0.1:${place.port}/api`;
    const tasks = await eventually(async () => {
      const page = (await (await fetch(`${api}/tasks?limit=50`)).json()) as { items: Array<{ id: number; maxCompletions: number; submissionType: string }> };
      return page.items.length >= 6 ? page.items.filter((t) => t.submissionType === 'text') : null;
    }, 60_000, 'six funded demo tasks');
    const creator = { id: (await users.userIdByWallet(DEMO_ACCOUNTS.creator.address))!, wallet: DEMO_ACCOUNTS.creator.address };
    const slots = tasks.flatMap((t) => Array.from({ length: Math.min(t.maxCompletions, 6) }, () => t.id));
    const approved: number[] = [];
    for (const taskId of slots.slice(0, 12)) {
      const earner = await registerUser(domain.commands);
      const id = await submit(domain.commands, taskId, earner);
      await approve(domain.commands, creator, id);
      approved.push(id);
    }

    // SIGKILL the indexer (and its payout worker) while those payouts are queued.
    const indexerPid = Number(out.match(/\[start\] indexer started \(pid (\d+)\)/)![1]);
    const queued = (await Promise.all(approved.map((id) => submissionRow(domain!.db, id)))).filter((r) => r?.payout_status !== 'released');
    process.kill(indexerPid, 'SIGKILL');
    expect(queued.length).toBeGreaterThan(0);
    const mark = start.output().length;
    await start.waitFor(/indexer exited \(SIGKILL\); restarting it in 1 s \(crash 1 of 2/, 30_000, mark);
    const restarted = Number((await start.waitFor(/indexer restarted \(pid (\d+)\)/, 30_000, mark))[1]);
    expect(restarted).not.toBe(indexerPid);

    await eventually(async () => {
      const rows = await Promise.all(approved.map((id) => submissionRow(domain!.db, id)));
      return rows.every((r) => r?.payout_status === 'released');
    }, 120_000, 'every approval paid after the restart');
    // Paid exactly once on chain: one RewardReleased per approved submission.
    const provider = new JsonRpcProvider(cli.config.RPC_URL, 31337, { staticNetwork: true });
    const escrow = TaskEscrow__factory.connect(runtime.env.ESCROW_ADDRESS, provider);
    // A fresh deploy takes REVIEW_WINDOW_SECONDS, and the services are told the deployed window.
    expect(await escrow.reviewWindow()).toBe(86_400n);
    expect(runtime.env.REVIEW_WINDOW_SECONDS).toBe('86400');
    const released = (await escrow.queryFilter(escrow.filters.RewardReleased())).map((l) => Number(l.args.submissionId));
    provider.destroy();
    expect(released.filter((id) => approved.includes(id)).sort((a, b) => a - b)).toEqual([...approved].sort((a, b) => a - b));

    // `npm run audit` given nothing but DATA_DIR finds this product through the runtime file: clean.
    const audit = spawnSync(process.execPath, [path.join(INDEXER, 'bin', 'run-ts.js'), path.join(INDEXER, 'src', 'audit', 'audit.main.ts')], {
      cwd: INDEXER,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: place.dataDir },
      encoding: 'utf8',
    });
    expect({ status: audit.status, output: audit.stdout + audit.stderr }).toMatchObject({ status: 0 });
    await domain.close();
    domain = undefined;
    await database.stop();

    // Two more crashes: the second is over the budget of 2, so everything stops, exit code 1, nothing left.
    const pids = processesOf(start.proc.pid!);
    expect(pids.length).toBeGreaterThanOrEqual(4); // chain, postgres, backend, indexer
    const mark2 = start.output().length;
    process.kill(restarted, 'SIGKILL');
    const third = Number((await start.waitFor(/indexer restarted \(pid (\d+)\)/, 30_000, mark2))[1]);
    process.kill(third, 'SIGKILL');
    expect(await start.exited).toEqual({ code: 1, signal: null });
    expect(start.output().slice(mark2)).toMatch(/indexer exited \(SIGKILL\): 3 crashes within 600 s, over the budget of 2; stopping everything/);
    expect(pids.filter(isAlive)).toEqual([]);
  }, 600_000); // several process starts on 2 shared cores

  it('starts again on the same DATA_DIR (nothing lost, nothing deployed twice, the deployed review window kept) and Ctrl-C stops everything', async () => {
    started.push((start = spawnStart(place, { LOG_LEVEL: 'warn', REVIEW_WINDOW_SECONDS: '7200' })));
    await start.waitFor(/Ctrl-C stops everything\./, 240_000);
    expect(start.output()).toMatch(/reusing CentToken/);
    // The window is immutable in the deployed escrow: asking for another one is refused in words, not silently.
    expect(start.output()).toMatch(/REVIEW_WINDOW_SECONDS=7200 is ignored: the escrow at 0x[0-9a-fA-F]{40} was deployed with a review window of 86400 s/);
    const runtime = JSON.parse(fs.readFileSync(path.join(place.dataDir, 'runtime.json'), 'utf8')) as RuntimeFile;
    expect(runtime.env.REVIEW_WINDOW_SECONDS).toBe('86400');
    expect(start.output()).toMatch(/\[seed\] demo data: present/);
    const pids = processesOf(start.proc.pid!);
    expect(pids.length).toBeGreaterThanOrEqual(4);
    start.proc.kill('SIGINT');
    expect(await start.exited).toEqual({ code: 0, signal: null });
    expect(pids.filter(isAlive)).toEqual([]);
  }, 300_000);

  it('Ctrl-C while the demo data is being seeded stops everything without saying the product runs', async () => {
    started.push((start = spawnStart(place, { LOG_LEVEL: 'warn' })));
    await start.waitFor(/indexer started \(pid \d+\)/, 240_000);
    const pids = processesOf(start.proc.pid!);
    start.proc.kill('SIGINT');
    expect(await start.exited).toEqual({ code: 0, signal: null });
    expect(start.output()).toMatch(/SIGINT: stopping every service/);
    expect(start.output()).not.toMatch(/CENT Tasks is running/);
    expect(pids.filter(isAlive)).toEqual([]);
  }, 300_000);
});
