#!/usr/bin/env node
/**
 * `npm start`: the whole product on one machine with nothing configured.
 *  1. a local anvil chain whose state persists in .data/chain/state.json (written every few seconds
 *     and on exit), unless RPC_URL points at a chain already;
 *  2. the contracts deployed once (reused on the next start: .data/deployments/<chainId>.json) with
 *     demo CENT on the first local accounts;
 *  3. an embedded PostgreSQL under .data/postgres (unless DATABASE_URL is set), shared by
 *  4. the backend on PORT (default 3000) and
 *     the indexer + payout worker.
 * Ctrl-C stops everything; anvil writes its state on the way out.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dataDir = process.env.DATA_DIR ?? path.join(root, '.data');
const children = [];
let stopping = false;
let database = null;

function log(line) {
  console.log(`[start] ${line}`);
}

function run(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) => chunk.toString().split('\n').filter(Boolean).map((l) => `[${name}] ${l}`).join('\n');
  child.stdout.on('data', (c) => console.log(prefix(c)));
  child.stderr.on('data', (c) => console.error(prefix(c)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} exited (${signal ?? code}); stopping everything`);
      stop(1);
    }
  });
  children.push({ name, child });
  return child;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // Reverse order: indexer and backend first, the chain last (it saves its state on SIGTERM).
  for (const { child } of [...children].reverse()) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => (child.kill('SIGKILL'), r()), 10_000);
        child.once('exit', () => (clearTimeout(t), r()));
      });
    }
  }
  if (database) await database.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

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
  let rpcUrl = process.env.RPC_URL;
  if (!rpcUrl) {
    const port = process.env.CHAIN_PORT ?? '8545';
    const chainDir = path.join(dataDir, 'chain');
    fs.mkdirSync(chainDir, { recursive: true });
    const state = path.join(chainDir, 'state.json');
    rpcUrl = `http://127.0.0.1:${port}`;
    // A chain left running by a start that was killed hard still holds the port (and our state): reuse it.
    if (await waitForRpc(rpcUrl, 0).then(() => true, () => false)) {
      log(`a chain already answers on :${port}; using it`);
    } else {
      const anvil = path.join(root, 'node_modules', '.bin', 'anvil');
      log(`starting anvil on :${port} (state ${path.relative(root, state)})`);
      run('chain', anvil, ['--port', port, '--host', '127.0.0.1', '--state', state, '--state-interval', '5', '--silent']);
    }
  }
  const chainId = await waitForRpc(rpcUrl);
  log(`chain ${chainId} at ${rpcUrl}`);

  const contracts = require(path.join(root, 'contracts'));
  const local = chainId === contracts.LOCAL_CHAIN_ID;
  const deployerKey = process.env.DEPLOYER_PRIVATE_KEY ?? (local ? contracts.DEV_DEPLOYER.privateKey : undefined);
  const releaser = process.env.RELEASER_ADDRESS ?? (local ? contracts.DEV_RELEASER.address : undefined);
  let deployment;
  if (process.env.ESCROW_ADDRESS && process.env.TOKEN_ADDRESS) {
    deployment = {
      token: process.env.TOKEN_ADDRESS, escrow: process.env.ESCROW_ADDRESS, deploymentBlock: Number(process.env.ESCROW_DEPLOYMENT_BLOCK ?? 0),
      reviewWindow: process.env.REVIEW_WINDOW_SECONDS ? Number(process.env.REVIEW_WINDOW_SECONDS) : undefined,
    };
  } else {
    if (!deployerKey || !releaser) throw new Error('DEPLOYER_PRIVATE_KEY and RELEASER_ADDRESS are required off the local chain');
    deployment = await contracts.ensureDeployed({
      rpcUrl,
      deployerPrivateKey: deployerKey,
      releaserAddress: releaser,
      demoMintTo: local ? contracts.DEV_ACCOUNTS.map((a) => a.address) : [],
      deploymentsDir: path.join(dataDir, 'deployments'),
    });
    log(`${deployment.reused ? 'reusing' : 'deployed'} CentToken ${deployment.token}, TaskEscrow ${deployment.escrow}`);
  }

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const { startEmbeddedPostgres } = require(path.join(root, 'backend'));
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port, database: 'cent_tasks' });
    databaseUrl = database.url;
    log(`embedded PostgreSQL on 127.0.0.1:${port} (data in ${path.relative(root, path.join(dataDir, 'postgres'))})`);
  }

  const env = {
    DATABASE_URL: databaseUrl,
    RPC_URL: rpcUrl,
    CHAIN_ID: String(chainId),
    TOKEN_ADDRESS: deployment.token,
    ESCROW_ADDRESS: deployment.escrow,
    ESCROW_DEPLOYMENT_BLOCK: String(deployment.deploymentBlock ?? 0),
    // The escrow's review window: approvals close before it ends (backend/README.md, "Funding object").
    ...(deployment.reviewWindow ? { REVIEW_WINDOW_SECONDS: String(deployment.reviewWindow) } : {}),
    DATA_DIR: dataDir,
    // Services exit by themselves if this supervisor is killed hard (see backend/src/common/on-shutdown.ts).
    CENT_SUPERVISOR_PID: String(process.pid),
  };
  const port = process.env.PORT ?? '3000';
  run('backend', process.execPath, [path.join(root, 'backend', 'dist', 'main.js')], env);
  await waitForHttp(`http://127.0.0.1:${port}/api/health`);
  run('indexer', process.execPath, [path.join(root, 'indexer', 'dist', 'main.js')], env);
  if (local) await once('seed', process.execPath, [path.join(root, 'backend', 'dist', 'cli', 'seed-demo.js')], env);
  log(`CENT Tasks is running on http://localhost:${port} (API docs: /api/docs). Ctrl-C stops it.`);
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
    child.stdout.on('data', (c) => process.stdout.write(`[${name}] ${c}`));
    child.stderr.on('data', (c) => process.stderr.write(`[${name}] ${c}`));
    child.on('exit', resolve);
  });
}

main().catch((err) => {
  console.error(`[start] ${err instanceof Error ? err.message : err}`);
  stop(1);
});
