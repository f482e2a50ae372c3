/**
 * npm run bench:api — the read API under load.
 *
 * 1. An embedded PostgreSQL under a temp dir; the schema by migrations.
 * 2. Seeds 10,000 users, 100,000 tasks and 300,000 submissions as EVENTS (multi-row INSERTs into `events`,
 *    the very events the commands would append; fundings as the indexer records a TaskEscrow v2 escrow, with
 *    its key), then rebuilds every projection from position 0, so the
 *    read tables are exactly what the product would have. VACUUM ANALYZE afterwards (what autovacuum does
 *    on a live database).
 * 3. Starts the built backend (`node dist/main.js`, NODE_ENV=production) as a separate process.
 * 4. autocannon, 50 connections, 10 s each (after a 3 s warm-up), signed out:
 *    GET /api/tasks?limit=24&sort=reward-high&category=Design&available=true, GET /api/tasks/:id (random
 *    funded ids) and GET /api/health (the baseline: one `SELECT 1`).
 *    Then GET /api/tasks with no parameter (the spec's plain array, capped at 100 rows): `plainListP99Ms`.
 * 5. The read mix on a busy marketplace, at saturation (bench/list-under-writes.ts): a weighted mix of filters,
 *    sorts and cursor pages (one request in ten signed in, `available=true`) through autocannon while
 *    BENCH_WRITES_PER_SEC (20) submissions and approvals a second go through the HTTP routes as signed-in users,
 *    every one of them moving the read models: `listUnderWritesRps`, `listUnderWritesP99Ms` (and the writes' own
 *    rate and p99, `writesPerSec`, `writeP99Ms`; `writesSkipped`: ticks dropped because 64 writes were in flight,
 *    i.e. the server fell behind the stream). A THROUGHPUT figure: autocannon keeps 50 requests in flight
 *    whatever the server does (closed loop), so the server always has a queue and, by Little's law,
 *    p99 ≥ 50 / rps (a p99 of 50 ms would need ≥ 1,000 req/s with every request equally fast). It says how much
 *    the server takes, not how long a user waits.
 * 6. The same read mix and write stream at a fixed offered rate (open loop): what a user waits on a busy
 *    marketplace, sent and timed from a process that does nothing else (read-at-rate.process.ts: this one's
 *    event loop, busy with the writers and the payouts, counted its own stalls as the server's).
 *    BENCH_READ_RATE (400) list requests a second are sent on a clock, each due at its time
 *    whatever happened to the previous ones (up to 256 connections), and each one's latency counts from when
 *    it was due, so queueing in the server (or in this process) shows instead of being omitted:
 *    `listUnderWritesAtRate` (the offered rate), `listUnderWritesAtRateRps` (answered: below the offered rate
 *    when the server fell behind), `listUnderWritesAtRateP50Ms`, `listUnderWritesAtRateP99Ms`, and the writes'
 *    `writesAtRatePerSec`, `writeAtRateP99Ms` (writes are timed from their clock tick too). Why 400: 20 writes/s
 *    is ~70,000 submissions and approvals an hour, a busy marketplace; browsing pages outnumber them ~20 to 1
 *    (each submission follows a few list pages and filters, and most visitors never submit), so 400 list
 *    requests a second. It is also ~40 % of the saturation throughput measured in 5 at 100k tasks, the
 *    utilisation a service is run at to leave room for bursts. 3 s of warm-up are sent and not counted.
 * 7. The fixed list again on a server started with LIST_CACHE_TTL_MS=0 (no page cache), so the cost of the
 *    SQL path itself stays visible (`uncachedListRps`, `uncachedListP99Ms`).
 * 8. The read mix as production serves it, with more than one process (bench/multi-process.ts): two replicas
 *    behind a round-robin proxy, the indexer applying BENCH_PAYOUTS_PER_SEC (20) payout logs a second from a
 *    real anvil, and the 20 writes/s through the proxy: `listMultiProcessRps`, `listMultiProcessP99Ms`
 *    (saturation, 50 connections), `listMultiProcessAtRateRps`, `listMultiProcessAtRateP99Ms` (BENCH_READ_RATE
 *    offered, open loop), the writes' `multiProcessWritesPerSec`, `multiProcessWriteP99Ms` (saturation) and
 *    `multiProcessAtRateWriteP99Ms`, `multiProcessPayoutLogsPerSec` (payouts the indexer stored a second), and
 *    `multiProcessAtRateCpuCores`: the cores each process group used during the at-rate window (test/process-cpu.ts),
 *    which says whether the figure is bounded by the design or by a machine that runs all of them (`loadGenerator`
 *    split into `loadGeneratorReader` and `loadGeneratorWritesAndPayouts`; PostgreSQL's CPU by the process it served
 *    is printed per window: bench/pg-cpu-by-client.ts); then the
 *    same at half the offered reads, a second point of the latency-against-load curve (`listMultiProcessAtHalfRate`,
 *    `…AtHalfRateRps`, `…AtHalfRateP50Ms`, `…AtHalfRateP99Ms`, `multiProcessAtHalfRateWriteP99Ms`, `…AtHalfRateCpuCores`).
 *    Each replica's page cache sees the read models move under it from the others all the time.
 * Everything runs on one machine: this process (autocannon, the writers), the reader process, the server and
 * PostgreSQL, and `load1` (the 1-minute load average at the end) says how busy the machine was otherwise.
 * BENCH_ONLY=busy,rate (names of `phase`s in main) runs only those phases while iterating; the others print null.
 * BENCH_SERVER=path/to/main.js measures another build (e.g. the previous commit's, compiled aside) instead of dist/.
 * BENCH_PG_STATEMENTS=1 prints PostgreSQL's time per statement in the multi-process at-rate window (test/pg-statements.ts).
 * Last line: {"tasks":100000,"listRps":…,"listP99Ms":…,"detailRps":…,"detailP99Ms":…,"baselineRps":…,
 *             "plainListP99Ms":…,"listUnderWritesRps":…,"listUnderWritesP99Ms":…,"writesPerSec":…,"writeP99Ms":…,"writesSkipped":…,
 *             "uncachedListRps":…,"uncachedListP99Ms":…,"listUnderWritesAtRate":400,"listUnderWritesAtRateRps":…,
 *             "listUnderWritesAtRateP50Ms":…,"listUnderWritesAtRateP99Ms":…,"writesAtRatePerSec":…,"writeAtRateP99Ms":…,
 *             "listMultiProcessRps":…,"listMultiProcessP99Ms":…,"listMultiProcessAtRateRps":…,"listMultiProcessAtRateP99Ms":…,
 *             "multiProcessWritesPerSec":…,"multiProcessWriteP99Ms":…,"multiProcessAtRateWriteP99Ms":…,"multiProcessPayoutLogsPerSec":…,
 *             "multiProcessAtRateCpuCores":{"replicas":…,"indexer":…,"postgres":…,"anvil":…,"proxy":…,"loadGenerator":…,
 *                                           "loadGeneratorReader":…,"loadGeneratorWritesAndPayouts":…},
 *             "listMultiProcessAtHalfRate":200,"listMultiProcessAtHalfRateRps":…,"listMultiProcessAtHalfRateP50Ms":…,
 *             "listMultiProcessAtHalfRateP99Ms":…,"multiProcessAtHalfRateWriteP99Ms":…,"multiProcessAtHalfRateCpuCores":{…},"load1":…}
 */
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import { loadConfig } from '../src/config/app-config';
import { DomainModule } from '../src/domain.module';
import { escrowKey } from '../src/tasks/domain/escrow-key';
import { ProjectionRunner } from '../src/projections/projection-runner';
import { taskEscrowTerms } from '../src/tasks/domain/task-escrow-terms';
import { ALL_CATEGORIES } from '../src/tasks/domain/task.constants';
import { TaskEvents as T } from '../src/tasks/domain/task.events';
import { UserEvents as U } from '../src/users/user.events';
import { TEST_SESSION_SECRET } from '../test/session-cookie';
import { benchDatabase, freePort } from './bench-database';
import { RateStats, ReadRequest, readMix, startWrites, WriteStats } from './list-under-writes';
import { Reader, startReader } from './reader-process';
import { ProcessGroup, countProcessCpu } from '../test/process-cpu';
import { pgStatementsReport, pgStatementsReset } from '../test/pg-statements';
import { pgCpuByClient, withApplicationName } from './pg-cpu-by-client';
import { PAYOUT_RATE, cpuProfileFlags, passOnNamed, payoutStage, releasedCount, replicaSight, startChain, startChild, startReleases, stopChild, track } from './multi-process';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const SUBMISSIONS_PER_TASK = 3;
const USERS = 10_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const CHUNK = 5_000;
const WRITES_PER_SEC = Number(process.env.BENCH_WRITES_PER_SEC ?? 20);
/** The busy marketplace's read traffic for the open-loop figure (see the header for why 400). */
const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 400);
/** BENCH_ONLY=busy,rate (phase names below): run only those (iterating); absent figures print as null. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const phase = async <R>(name: string, run: () => Promise<R>): Promise<R | null> => (ONLY && !ONLY.has(name) ? null : run());

/** Deterministic pseudo-random numbers: every run seeds the same data. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

type Ev = [stream: string, version: number, type: string, data: unknown];

function* seedEvents(): Generator<Ev> {
  const rand = rng(7);
  const now = Date.now();
  const wallet = (i: number) => '0x' + i.toString(16).padStart(40, '0');
  for (let u = 1; u <= USERS; u++) {
    yield [`user-${u}`, 1, U.UserRegistered, {
      userId: u, method: 'wallet', username: `user_${u}`, walletAddress: wallet(u), email: null, passwordHash: null,
      registeredAt: new Date(now - 400 * 864e5).toISOString(),
    }];
  }
  let submissionId = 0;
  for (let id = 1; id <= TASKS; id++) {
    const creatorId = 1 + Math.floor(rand() * USERS);
    const reward = 1 + Math.floor(rand() * 100_000);
    const maxCompletions = 1 + Math.floor(rand() * 100);
    const createdAt = new Date(now - Math.floor(rand() * 365 * 864e5)).toISOString();
    const deadline = new Date(now + (rand() < 0.9 ? 1 : -1) * Math.floor(1 + rand() * 60) * 864e5).toISOString();
    let v = 0;
    const stream = `task-${id}`;
    yield [stream, ++v, T.TaskCreated, {
      taskId: id, creatorId, title: `Task ${id}: ${ALL_CATEGORIES[id % ALL_CATEGORIES.length]} work`, description: `Description of task ${id}`,
      requirements: 'Follow the brief', category: ALL_CATEGORIES[Math.floor(rand() * ALL_CATEGORIES.length)], reward, maxCompletions,
      estimatedTime: 1 + Math.floor(rand() * 480), deadline, submissionType: 'text', isActive: rand() > 0.05, chainId: 31337,
      contractAddress: null, escrowAmount: (BigInt(reward) * BigInt(maxCompletions) * 10n ** 18n).toString(), createdAt,
    }];
    if (rand() > 0.05) {
      // Funded as the indexer records a TaskEscrow v2 funding: the creator's wallet, the task's terms, its key.
      const terms = taskEscrowTerms(id, reward, maxCompletions, deadline);
      const funder = wallet(creatorId);
      yield [stream, ++v, T.TaskFunded, {
        taskId: id, key: escrowKey(funder, terms), funder, reward: terms.reward.toString(), maxCompletions: terms.maxCompletions.toString(),
        deadline: terms.deadline.toString(), amount: (terms.reward * terms.maxCompletions).toString(),
        chainId: 31337, txHash: `0xf${id}`, blockNumber: id, blockHash: '0x0', logIndex: 0,
      }];
    }
    // Three submissions per task from distinct users: approved, rejected, and pending when a slot is left and the
    // task is still open. A marketplace in its steady state: the pending ones were sent within the last three days
    // (their 7-day review windows run on, no warning due yet) and checked by the spam guard when they were sent.
    // (Before 2026-11-29 they were as old as their tasks: every run carried the scheduler working off ~200,000
    // overdue spam checks and auto-approvals, and a faster scheduler put more of that load into the windows.)
    const open = Date.parse(deadline) > now;
    for (let k = 0; k < SUBMISSIONS_PER_TASK; k++) {
      const sid = ++submissionId;
      const userId = 1 + ((creatorId + 1 + k * 97) % USERS);
      const pending = k >= 2 && maxCompletions >= 2 && open;
      const sentAt = pending ? new Date(now - Math.floor(rand() * 3 * 864e5)).toISOString() : createdAt;
      yield [stream, ++v, T.SubmissionSubmitted, {
        submissionId: sid, taskId: id, userId, proofLink: null, proofText: `Proof ${sid}`, proofFileUrl: null, notes: null, createdAt: sentAt,
      }];
      if (k === 0) {
        yield [stream, ++v, T.SubmissionApproved, { submissionId: sid, taskId: id, userId, reviewerId: creatorId, feedback: null, reward, reviewedAt: createdAt }];
      } else if (!pending) {
        yield [stream, ++v, T.SubmissionRejected, { submissionId: sid, taskId: id, userId, reviewerId: creatorId, feedback: 'No', reviewedAt: createdAt }];
      } else {
        yield [stream, ++v, T.SubmissionSpamChecked, { submissionId: sid, taskId: id, userId, checkedAt: new Date(Date.parse(sentAt) + 1000).toISOString() }];
      }
    }
  }
}

async function seed(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  let n = 0;
  try {
    let chunk: Ev[] = [];
    const flush = async () => {
      if (!chunk.length) return;
      await client.query(
        `INSERT INTO events (stream_id, stream_version, event_type, data)
         SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::jsonb[])`,
        [chunk.map((e) => e[0]), chunk.map((e) => e[1]), chunk.map((e) => e[2]), chunk.map((e) => JSON.stringify(e[3]))],
      );
      n += chunk.length;
      chunk = [];
    };
    for (const e of seedEvents()) {
      chunk.push(e);
      if (chunk.length === CHUNK) await flush();
    }
    await flush();
    await client.query(`SELECT setval('user_id_seq', $1), setval('task_id_seq', $2), setval('submission_id_seq', $3)`,
      [USERS, TASKS, TASKS * SUBMISSIONS_PER_TASK]);
  } finally {
    await client.end();
  }
  return n;
}

async function startServer(url: string, port: number, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const prof = cpuProfileFlags();
  // BENCH_SERVER: another build's main.js, to measure two builds back to back on the same seeded data.
  const main = process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : path.join(__dirname, '..', 'dist', 'main.js');
  const child = track(spawn(process.execPath, [...prof, main], {
    env: {
      ...process.env, NODE_ENV: 'production', DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'warn',
      // The secret the bench's session cookies are signed with (signed-in readers and writers).
      SESSION_SECRET: TEST_SESSION_SECRET, PUBLIC_ORIGIN: `http://localhost:${port}`,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  }));
  // Its log lines (pino, on stdout: warnings and errors at this LOG_LEVEL) go to stderr, named by port.
  child.stdout!.on('data', passOnNamed(`server ${port}`));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('backend did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function load(name: string, opts: Record<string, unknown>): Promise<AutocannonResult> {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 3 }); // warm-up (JIT, caches, pools)
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION_S });
  console.log(`${name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, avg ${r.latency.average} ms, ` +
    `${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`);
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${name}: failed requests`);
  return r;
}

/**
 * The list under a steady stream of writes: the read mix (varied filters, sorts, cursor pages, some signed-in
 * readers) through autocannon while WRITES_PER_SEC submissions and approvals go through the HTTP routes.
 */
async function underWrites<R>(db: Client, base: string, firstPageIds: number[], read: () => Promise<R>): Promise<{ list: R; writes: WriteStats }> {
  const writes = await startWrites(base, db, USERS, firstPageIds, WRITES_PER_SEC);
  let list: R;
  let stats: WriteStats;
  try {
    list = await read();
  } finally {
    stats = await writes.stop();
  }
  console.log(`writes: ${stats.writes} (${stats.perSec}/s), p99 ${stats.p99Ms} ms, failed ${stats.failed}, skipped ${stats.skipped}`);
  // A refused write is a bug; a skipped one (64 in flight already) means the server could not keep up with
  // the stream on this machine: reported (`writesSkipped`, `writesPerSec`) rather than losing every figure.
  if (stats.failed) throw new Error('writes failed');
  return { list, writes: stats };
}

/** The read mix through autocannon (closed loop, 50 in flight: saturation) under the write stream. */
function mixAtSaturation(db: Client, base: string, mix: ReadRequest[], firstPageIds: number[]) {
  return underWrites(db, base, firstPageIds, () =>
    load(`list under ${WRITES_PER_SEC} writes/s (${mix.length} weighted requests)`, {
      url: base,
      requests: [{
        method: 'GET',
        setupRequest: (req: Record<string, unknown>) => {
          const r = mix[Math.floor(Math.random() * mix.length)];
          return { ...req, path: r.path, headers: r.cookie ? { cookie: r.cookie } : {} };
        },
      }],
    }));
}

/**
 * The read mix at READ_RATE requests a second (open loop: what a user waits at that traffic) under the write stream,
 * sent and timed by the reader process (read-at-rate.process.ts), which does nothing else.
 */
async function mixAtRate(reader: Reader, db: Client, base: string, mix: ReadRequest[], firstPageIds: number[], rate = READ_RATE) {
  const r = await underWrites(db, base, firstPageIds, () => reader.run({ base, mix, perSec: rate, durationS: DURATION_S, warmupS: 3 }));
  const l = r.list;
  console.log(`list at ${l.offered} req/s offered under ${WRITES_PER_SEC} writes/s: ${l.rps} req/s answered, p50 ${l.p50Ms} ms, ` +
    `p99 ${l.p99Ms} ms, max ${l.maxMs} ms, ${l.requests} requests, failed ${l.failed}`);
  if (l.failed) throw new Error('reads at rate failed');
  return r;
}

/**
 * Two replicas behind a round-robin proxy, the indexer applying the payout stream, the write stream through the
 * proxy: the read mix at saturation, then at READ_RATE (see bench/multi-process.ts).
 */
async function multiProcess(dbUrl: string, reader: Reader) {
  const children: ChildProcess[] = [];
  const chain = await startChain();
  const db = new Client({ connectionString: withApplicationName(dbUrl, 'bench') });
  try {
    // Three measured windows, each with its warm-up, twice over (a window also waits for the writes in flight).
    const stage = await payoutStage(dbUrl, chain, Math.ceil(PAYOUT_RATE * (3 + DURATION_S) * 3 * 2), children);
    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const [indexer] = children;
    // Each process's connections named, so that PostgreSQL's CPU can be told apart by who it served (pgCpuByClient).
    const replicas = [
      await startServer(dbUrl, portA, { ...stage.env, DATABASE_URL: withApplicationName(dbUrl, 'replica A') }),
      await startServer(dbUrl, portB, { ...stage.env, DATABASE_URL: withApplicationName(dbUrl, 'replica B') }),
    ];
    const proxy = await startChild('proxy', [path.join(__dirname, 'round-robin-proxy.mjs'), String(proxyPort),
      `http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`], process.env, 'proxy listening');
    children.push(...replicas, proxy);
    /** The processes whose CPU each window reports (`countProcessCpu`). */
    const processes: ProcessGroup[] = [
      { name: 'replicas', pids: replicas.map((r) => r.pid!) },
      { name: 'indexer', pids: [indexer.pid!] },
      // The postmaster (its arguments NUL-separated in /proc) and its backends.
      { name: 'postgres', match: `-p\u0000${new URL(dbUrl).port}\u0000` },
      { name: 'anvil', pids: [chain.pid] },
      { name: 'proxy', pids: [proxy.pid!] },
      { name: 'loadGenerator', pids: [process.pid, reader.pid] },
      // Its two halves: the reads at a rate (the reader process) and the rest (the writes, the payout stream).
      { name: 'loadGeneratorReader', pids: [reader.pid] },
      { name: 'loadGeneratorWritesAndPayouts', pids: [process.pid] },
    ];
    const base = `http://127.0.0.1:${proxyPort}`;
    await db.connect();
    const { mix, firstPageIds } = await readMix(base, db, USERS);
    /** One measured window under the payout stream; a window that fails prints why and gives null figures. */
    const window = async <R>(name: string, measure: () => Promise<R>) => {
      const releases = startReleases(chain, stage.releases, PAYOUT_RATE);
      const stored = await releasedCount(db);
      const t0 = performance.now();
      const cpu = countProcessCpu(processes);
      const pgCpu = await pgCpuByClient(db);
      const sight = await replicaSight([portA, portB]);
      const proxySight = () => fetch(`${base}/__proxy/stats`).then((r) => r.json());
      await proxySight();
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      let r: R | null = null;
      let cores: Record<string, number> | null = null;
      try {
        r = await measure();
      } catch (err) {
        console.error(`multi-process ${name}: ${(err as Error).message}`);
      } finally {
        cores = cpu.stop();
        const pgCores = await pgCpu.stop().catch((err: Error) => err.message);
        const paid = await releases.stop();
        console.log(`payouts: ${paid.sent} released (${paid.perSec}/s), failed ${paid.failed}`);
        console.log(`multi-process ${name}: CPU in cores (of ${os.cpus().length}) ${JSON.stringify(cores)}`);
        console.log(`multi-process ${name}: PostgreSQL's CPU in cores by whom it served ${JSON.stringify(pgCores)}`);
        loop.disable();
        console.log(`multi-process ${name}: inside the replicas ${JSON.stringify(await sight.stop().catch((err: Error) => err.message))}`);
        console.log(`multi-process ${name}: as the proxy saw them ${JSON.stringify(await proxySight().catch((err: Error) => err.message))}`);
        console.log(`multi-process ${name}: the load generator's event-loop delay p99 ${Math.round(loop.percentile(99) / 1e6)} ms, max ${Math.round(loop.max / 1e6)} ms`);
      }
      return { r, cores, logs: (await releasedCount(db)) - stored, seconds: (performance.now() - t0) / 1000 };
    };
    if (process.env.BENCH_MULTI_STEPS) {
      // Diagnosis: the mix at saturation on one replica directly, through the proxy, then with each stream alone.
      const mixLoad = (name: string, url: string) => load(name, { url, requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => {
        const r = mix[Math.floor(Math.random() * mix.length)];
        return { ...req, path: r.path, headers: r.cookie ? { cookie: r.cookie } : {} };
      } }] });
      await mixLoad('replica A alone, quiet', `http://127.0.0.1:${portA}`);
      await mixLoad('through the proxy, quiet', base);
      await window('payouts only', () => mixLoad('through the proxy, payouts only', base));
      const writes = await startWrites(base, db, USERS, firstPageIds, WRITES_PER_SEC);
      try {
        await mixLoad('through the proxy, writes only', base);
      } finally {
        console.log(JSON.stringify(await writes.stop()));
      }
    }
    const busy = await window('saturation', () => mixAtSaturation(db, base, mix, firstPageIds));
    const rowsOf = async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows;
    const statements = await pgStatementsReset(rowsOf, 'bench:api');
    const atRate = await window('at rate', () => mixAtRate(reader, db, base, mix, firstPageIds));
    if (statements) console.log(`multi-process at rate, PostgreSQL's time per statement (pg_stat_statements):\n${await pgStatementsReport(rowsOf)}`);
    // A second point of the latency-against-load curve: half the offered reads (the writes and payouts as before).
    const halfRate = await window('at half rate', () => mixAtRate(reader, db, base, mix, firstPageIds, Math.round(READ_RATE / 2)));
    const payoutLogsPerSec = Math.round(((busy.logs + atRate.logs) / (busy.seconds + atRate.seconds)) * 10) / 10;
    console.log(`multi-process: the indexer stored ${busy.logs + atRate.logs} payouts (${payoutLogsPerSec}/s) while the reads ran`);
    return { busy: busy.r, atRate: atRate.r, atRateCores: atRate.cores, halfRate: halfRate.r, halfRateCores: halfRate.cores, payoutLogsPerSec };
  } finally {
    await db.end().catch(() => undefined);
    for (const c of children.reverse()) await stopChild(c);
    await chain.stop();
  }
}

/** BENCH_EXPLAIN=1: the plans of the listing's two statements, as the API sends them. */
async function explain(url: string): Promise<void> {
  const { TaskQueries } = await import('../src/tasks/queries/task.queries');
  const client = new Client({ connectionString: url });
  await client.connect();
  const captured: Array<[string, unknown[]]> = [];
  // The listing runs its statements as prepared statements on a pooled client: capture them there.
  const client0 = {
    query: async ({ text, values }: { text: string; values: unknown[] }) =>
      (captured.push([text, values]), { rows: text.includes('AS n') ? [{ n: 0 }] : [] }),
  };
  const fake = { createQueryRunner: () => ({ connect: async () => client0, release: async () => undefined }) };
  const none = () => () => undefined;
  const q = new TaskQueries(fake as never, loadConfig({ LIST_CACHE_TTL_MS: '0' }), { onUnseenChanges: none } as never, { onListingChanges: none } as never);
  await q.list({ limit: 24, sort: 'reward-high', category: 'Design', available: true }, undefined);
  for (const [sql, params] of captured) {
    const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  await client.end();
}

async function main(): Promise<void> {
  const database = await benchDatabase('bench_api');
  const dbUrl = database.url;
  let server: ChildProcess | null = null;
  const reader = await startReader();
  try {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: dbUrl, SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'warn' });
    const domain = await NestFactory.createApplicationContext(DomainModule.forRoot(config, dbUrl), { logger: ['error', 'warn'] });
    const runner = domain.get(ProjectionRunner);
    await runner.stop();
    let t = performance.now();
    const events = await seed(dbUrl);
    console.log(`seeded ${events} events (${USERS} users, ${TASKS} tasks, ${TASKS * SUBMISSIONS_PER_TASK} submissions) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await runner.rebuild();
    await runner.stop();
    await domain.close();
    const client = new Client({ connectionString: dbUrl });
    await client.connect();
    await client.query('VACUUM ANALYZE');
    const counts = (await client.query(
      `SELECT (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM submissions)::int AS submissions,
              (SELECT count(*) FROM tasks WHERE funding_status = 'funded' AND is_active AND category = 'Design')::int AS design`,
    )).rows[0];
    const ids: number[] = (await client.query(`SELECT id FROM tasks WHERE funding_status = 'funded' AND is_active ORDER BY random() LIMIT 5000`)).rows.map((r) => r.id);
    await client.end();
    console.log(`projections rebuilt + VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s: ${counts.tasks} tasks, ` +
      `${counts.submissions} submissions, ${counts.design} public Design tasks`);
    if (counts.tasks !== TASKS || counts.submissions !== TASKS * SUBMISSIONS_PER_TASK) throw new Error('seed mismatch');

    if (process.env.BENCH_EXPLAIN) await explain(dbUrl);
    const port = await freePort();
    server = await startServer(dbUrl, port);
    const base = `http://127.0.0.1:${port}`;
    const list = await phase('list', () => load('list', { url: `${base}/api/tasks?limit=24&sort=reward-high&category=Design&available=true` }));
    let i = 0;
    const detail = await phase('detail', () => load('detail', {
      url: base,
      requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `/api/tasks/${ids[i++ % ids.length]}` }) }],
    }));
    const baseline = await phase('baseline', () => load('baseline', { url: `${base}/api/health` }));
    // The spec's plain array (capped at 100 rows): what a client that knows nothing of paging gets.
    const plain = await phase('plain', () => load('plain list (first 100)', { url: `${base}/api/tasks` }));
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    let busy: { list: AutocannonResult; writes: WriteStats } | null;
    let atRate: { list: RateStats; writes: WriteStats } | null;
    try {
      const { mix, firstPageIds } = await readMix(base, db, USERS);
      busy = await phase('busy', () => mixAtSaturation(db, base, mix, firstPageIds));
      atRate = await phase('rate', () => mixAtRate(reader, db, base, mix, firstPageIds));
    } finally {
      await db.end();
    }
    await stopServer(server);
    server = null;
    // The same list with the page cache off: every request runs the page and count statements.
    const uncached = await phase('uncached', async () => {
      server = await startServer(dbUrl, port, { LIST_CACHE_TTL_MS: '0' });
      return load('list, cache off', { url: `${base}/api/tasks?limit=24&sort=reward-high&category=Design&available=true` });
    });
    if (server) await stopServer(server);
    server = null;
    // A failure here (a process that would not start) leaves the other figures printed, these as null.
    const multi = await phase('multi', () => multiProcess(dbUrl, reader)).catch((err) => {
      console.error(`multi-process figures: ${(err as Error).stack ?? err}`);
      return null;
    });
    if (uncached && baseline) {
      console.log(`list without the page cache: ${Math.round(uncached.requests.average)} req/s, p99 ${uncached.latency.p99} ms ` +
        `(${(uncached.requests.average / baseline.requests.average).toFixed(2)} x baseline)`);
    }
    const rps = (r: AutocannonResult | null | undefined) => (r ? Math.round(r.requests.average) : null);
    const p99 = (r: AutocannonResult | null | undefined) => r?.latency.p99 ?? null;
    console.log(JSON.stringify({
      tasks: counts.tasks,
      listRps: rps(list),
      listP99Ms: p99(list),
      detailRps: rps(detail),
      detailP99Ms: p99(detail),
      baselineRps: rps(baseline),
      plainListP99Ms: p99(plain),
      listUnderWritesRps: rps(busy?.list),
      listUnderWritesP99Ms: p99(busy?.list),
      writesPerSec: busy?.writes.perSec ?? null,
      writeP99Ms: busy?.writes.p99Ms ?? null,
      writesSkipped: busy?.writes.skipped ?? null,
      uncachedListRps: rps(uncached),
      uncachedListP99Ms: p99(uncached),
      listUnderWritesAtRate: atRate?.list.offered ?? null,
      listUnderWritesAtRateRps: atRate?.list.rps ?? null,
      listUnderWritesAtRateP50Ms: atRate?.list.p50Ms ?? null,
      listUnderWritesAtRateP99Ms: atRate?.list.p99Ms ?? null,
      writesAtRatePerSec: atRate?.writes.perSec ?? null,
      writeAtRateP99Ms: atRate?.writes.p99Ms ?? null,
      listMultiProcessRps: rps(multi?.busy?.list),
      listMultiProcessP99Ms: p99(multi?.busy?.list),
      listMultiProcessAtRateRps: multi?.atRate?.list.rps ?? null,
      listMultiProcessAtRateP99Ms: multi?.atRate?.list.p99Ms ?? null,
      multiProcessWritesPerSec: multi?.busy?.writes.perSec ?? null,
      multiProcessWriteP99Ms: multi?.busy?.writes.p99Ms ?? null,
      multiProcessAtRateWriteP99Ms: multi?.atRate?.writes.p99Ms ?? null,
      multiProcessPayoutLogsPerSec: multi?.payoutLogsPerSec ?? null,
      multiProcessAtRateCpuCores: multi?.atRateCores ?? null,
      listMultiProcessAtHalfRate: multi?.halfRate?.list.offered ?? null,
      listMultiProcessAtHalfRateRps: multi?.halfRate?.list.rps ?? null,
      listMultiProcessAtHalfRateP50Ms: multi?.halfRate?.list.p50Ms ?? null,
      listMultiProcessAtHalfRateP99Ms: multi?.halfRate?.list.p99Ms ?? null,
      multiProcessAtHalfRateWriteP99Ms: multi?.halfRate?.writes.p99Ms ?? null,
      multiProcessAtHalfRateCpuCores: multi?.halfRateCores ?? null,
      load1: Number(os.loadavg()[0].toFixed(2)),
    }));
  } finally {
    if (server) await stopServer(server);
    await reader.stop();
    await database.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
