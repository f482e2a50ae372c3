/**
 * CPU time per request of built servers, side by side (how the per-request cost of 2026-11-28 was found to be
 * twice the 2026-11-25 build's): each build (this one's dist/main.js, then any given) gets its own database on one
 * embedded PostgreSQL, then autocannon (50 connections, 2 s warm-up, 6 s measured) alternates between them for
 * BENCH_ROUNDS rounds (3) on BENCH_PATH (`/api/health`). The server process's CPU comes from /proc, so the
 * figure is less sensitive to the machine's load than req/s. No chain: the servers' chain reads fail fast.
 * BENCH_CPU_PROF=<dir>: each server writes a CPU profile there when it stops.
 *
 *   npm run bench:request-cpu -w backend [-- other/backend/dist/main.js ...]
 *
 * Last line: {"path":…,"builds":[{"main":…,"cpuUsPerRequest":…,"rps":…,"p99Ms":…}],"load1":…} (medians over the rounds).
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { benchDatabase, freePort } from './bench-database';
import { procStat } from '../test/process-cpu';
import { TEST_SESSION_SECRET } from '../test/session-cookie';
import { cpuProfileFlags } from './multi-process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{ requests: { average: number; total: number }; latency: { p99: number }; non2xx: number; errors: number }>;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = process.env.BENCH_PATH ?? '/api/health';
const CLOCK_TICK_MS = 10; // /proc/<pid>/stat counts in USER_HZ (100 a second)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startBuild(main: string, url: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...cpuProfileFlags(), main], {
    env: {
      ...process.env, NODE_ENV: 'production', DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'warn',
      SESSION_SECRET: TEST_SESSION_SECRET, PUBLIC_ORIGIN: `http://localhost:${port}`, RPC_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${main} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${PATH}`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${main} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  const mains = [path.join(__dirname, '..', 'dist', 'main.js'), ...process.argv.slice(2).map((m) => path.resolve(m))];
  const db = await benchDatabase('request_cpu');
  const servers: Array<{ main: string; child: ChildProcess; port: number; cpu: number[]; rps: number[]; p99: number[] }> = [];
  try {
    for (const [i, main] of mains.entries()) {
      const admin = new Client({ connectionString: db.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE build_${i}`);
      await admin.end();
      servers.push({ main, ...(await startBuild(main, db.url.replace(/\/[^/]*$/, `/build_${i}`))), cpu: [], rps: [], p99: [] });
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of servers) {
        const url = `http://127.0.0.1:${s.port}${PATH}`;
        await autocannon({ url, connections: 50, duration: 2 });
        const before = procStat(s.child.pid!)!.self;
        const r = await autocannon({ url, connections: 50, duration: 6 });
        const after = procStat(s.child.pid!)!.self;
        if (r.non2xx || r.errors) throw new Error(`${s.main}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        s.cpu.push(((after - before) * CLOCK_TICK_MS * 1000) / r.requests.total);
        s.rps.push(r.requests.average);
        s.p99.push(r.latency.p99);
        console.log(`${s.main}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${Math.round(s.cpu[s.cpu.length - 1])} µs CPU a request`);
      }
    }
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
    await db.stop();
  }
  console.log(JSON.stringify({
    path: PATH,
    builds: servers.map((s) => ({ main: s.main, cpuUsPerRequest: Math.round(median(s.cpu)), rps: Math.round(median(s.rps)), p99Ms: median(s.p99) })),
    load1: Math.round(os.loadavg()[0] * 100) / 100,
  }));
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
