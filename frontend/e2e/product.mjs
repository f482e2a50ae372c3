import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** @typedef {{ baseUrl: string, rpcUrl: string, dataDir: string, tokenAddress: string, escrowAddress: string }} ProductInfo */

/** @returns {Promise<number>} */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the real product exactly as `npm start` runs it (scripts/start.mjs: anvil, contracts, embedded
 * PostgreSQL, backend serving the built app, indexer, demo data) on free ports with its own temporary
 * DATA_DIR. Needs the builds (`npm run build` at the root). Resolves once the demo data is in.
 */
/**
 * @param {Record<string, string>} [extraEnv]
 * @returns {Promise<{ info: ProductInfo, stop(): Promise<void> }>}
 */
export async function startProduct(extraEnv = {}) {
  const [port, chainPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-e2e-'));
  // embedded PostgreSQL runs as the OS user `postgres` under root: it must be able to enter this directory.
  fs.chmodSync(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'start.mjs')], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      CHAIN_PORT: String(chainPort),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseUrl,
      // No EXPLORER_URL, as on `npm start`: explorer links go to the built-in explorer (<PUBLIC_ORIGIN>/explorer).
      // Many sign-ins from one test machine: the limit is exercised by the backend's own tests.
      RATE_LIMIT_AUTH: '10000',
      RATE_LIMIT_UPLOAD: '10000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  /** @type {string[]} */
  const output = [];
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 20_000);
    await exited;
    clearTimeout(timer);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const ready = new Promise((resolve, reject) => {
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      const text = chunk.toString();
      output.push(text);
      if (process.env.E2E_VERBOSE) process.stdout.write(text);
      if (text.includes('CENT Tasks is running')) resolve(undefined);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output.join('').slice(-4000)}`)));
  });
  const timeout = setTimeout(() => void stop(), 240_000);
  try {
    await ready;
  } finally {
    clearTimeout(timeout);
  }
  const config = await (await fetch(`${baseUrl}/api/config`)).json();
  return {
    info: { baseUrl, rpcUrl: `http://127.0.0.1:${chainPort}`, dataDir, tokenAddress: config.token.address, escrowAddress: config.escrowAddress },
    stop,
  };
}
