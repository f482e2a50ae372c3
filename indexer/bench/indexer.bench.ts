/**
 * `npm run bench:indexer`: TaskEscrow logs on a local anvil, indexed from scratch, against a bare eth_getLogs
 * sweep of the same range; then live latency (release receipt -> read model shows it paid).
 * 1. Today's figure: BENCH_TASKS (40) tasks x BENCH_PAYOUTS (499) payouts, each task paid in ONE releaseBatch —
 *    beyond the product's 100-completion cap and the best case for the indexer's batching per task.
 * 2. The realistic mix: BENCH_REAL_TASKS (400) tasks with 1-100 payouts each (most a handful: 1 + 99·u⁵),
 *    every payout its own `release` transaction, all tasks interleaved at random, so a range of the
 *    product's 2,000 blocks holds one or two logs of most tasks; indexed by a fresh runner resuming from the
 *    checkpoint, as after a restart. Reports where the time goes, as shares of the wall time: applying ranges
 *    as domain commands (within it: loading the task streams, the ranges' transactions), the follower blocked
 *    on the read models, each range's read-model pass from its commit (it overlaps the next range), and the
 *    projection batches' time (each projection's own part on stderr).
 * Prints progress on stderr and, as its last stdout line:
 *   {"logs":20040,"indexLogsPerSec":…,"rawGetLogsPerSec":…,"liveLatencyP95Ms":…,
 *    "realisticLogs":…,"realisticIndexLogsPerSec":…,"realisticRawGetLogsPerSec":…,"realisticApplyShare":…,
 *    "realisticReadModelWaitShare":…,"realisticProjectionShare":…,"realisticReadModelPassShare":…,
 *    "realisticLoadShare":…,"realisticAppendShare":…,"realisticNodeCpuMsPerKLog":…,"realisticPgCpuMsPerKLog":…}
 * The last two are the CPU the realistic indexing cost per 1,000 logs, in this process (the indexer and the
 * first app's projection runner, which stands for the API's) and in PostgreSQL (bench-cpu.ts): the yardstick that
 * holds on a shared machine, where the wall-clock figure swings with the other load.
 * Env: BENCH_LIVE (40) live releases; BENCH_CPU_PROFILE=<file> a CPU profile of the realistic indexing;
 * BENCH_HEAP_PROFILE=<file> a sampling allocation profile of it (objects the GC collected included);
 * BENCH_PG_STATEMENTS=1 PostgreSQL's time per statement of the realistic indexing (the embedded
 * server preloads pg_stat_statements then; backend/test/pg-statements.ts);
 * DATABASE_URL to use a running PostgreSQL (default: an embedded one in a
 * temporary directory). TaskEscrow v2 calls: `fund(taskId, …)` from the creator, `release(escrowKey, …)` from the
 * releaser (the key derived from the creator and the task's terms, as the indexer binds it).
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import * as os from 'node:os';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { Wallet } from 'ethers';
import { DEV_RELEASER, escrowKey } from '@cent/contracts';
import { EventStore, loadConfig, ProjectionRunner, RegisterUserCommand } from '@cent/backend';
import { IndexerModule } from '../src/indexer.module';
import { IndexerRunner } from '../src/indexer-runner';
import { loadIndexerEnv } from '../src/settings';
import { FactDispatcher } from '../src/follower/fact-dispatcher';
import { LogFollower } from '../src/follower/log-follower';
import { AggregateRepository, ProjectionBatches, pgStatementsReport, pgStatementsReset } from '@cent/backend/testing';
import { startAnvil } from '../test/support/anvil';
import { CENT, deployEscrow } from '../test/support/escrow-chain';
import { indexerEnv } from '../test/support/stack';
import { benchDatabase, percentile } from './bench-support';
import { cpuPerKLog, cpuSample, postgresServerPid } from './bench-cpu';
import { taskWithApprovals } from './bench-tasks';

const TASKS = Number(process.env.BENCH_TASKS ?? 40);
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 499);
const LIVE = Number(process.env.BENCH_LIVE ?? 40);
const LOGS = TASKS * (PAYOUTS + 1);
const REAL_TASKS = Number(process.env.BENCH_REAL_TASKS ?? 400);
const say = (m: string) => process.stderr.write(`[bench:indexer] ${m}\n`);

/** Deterministic choices: every run generates the same realistic mix. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

/**
 * Where the indexing time goes: wall time inside FactDispatcher.apply (a range's logs as ONE domain command:
 * load the tasks, decide, append with the checkpoint), wall time waiting for the read models to show a
 * range (the follower reads the next range meanwhile), and the time the projection runners' batches took
 * (each on its own connection, overlapping the rest; the first app's runner stands for the API process's).
 */
const timing = {
  applyMs: 0, ranges: 0, readModelWaitMs: 0, readModelPassMs: 0, projectionMs: 0, projectedEvents: 0,
  // Within applyMs: loading the range's task streams, and the range's one transaction (append + the indexer's rows + commit).
  loadMs: 0, appendMs: 0,
  // Within projectionMs: each projection's own apply (Node work and its reads), by name.
  byProjection: {} as Record<string, number>,
};
function timed<T extends object>(proto: T, name: string, add: (ms: number, result: unknown) => void): void {
  const original = (proto as Record<string, (...a: unknown[]) => Promise<unknown>>)[name];
  // A renamed method would otherwise leave its share silently at 0 (it did once: "projection batches 0 ms").
  if (typeof original !== 'function') throw new Error(`bench:indexer times ${name}, which no longer exists: time its successor`);
  (proto as Record<string, unknown>)[name] = async function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    let result: unknown;
    try {
      result = await original.apply(this, args);
      return result;
    } finally {
      add(performance.now() - t, result);
    }
  };
}
timed(FactDispatcher.prototype, 'apply', (ms) => {
  timing.applyMs += ms;
  timing.ranges++;
});
timed(AggregateRepository.prototype, 'loadMany', (ms) => (timing.loadMs += ms));
timed(EventStore.prototype, 'appendMany', (ms) => (timing.appendMs += ms));
// The follower blocked on the read models (readModelsWithin is private: where it waits before a range and at the head).
timed(LogFollower.prototype, 'readModelsWithin', (ms) => (timing.readModelWaitMs += ms));
// Each range's read-model pass, from its commit until the read models show it (overlaps the next range's work).
timed(ProjectionRunner.prototype, 'waitFor', (ms) => (timing.readModelPassMs += ms));
// pipelined is private: the one place that applies a (live or catch-up) batch of events to every projection.
timed(ProjectionBatches.prototype, 'pipelined', (ms, r) => {
  timing.projectionMs += ms;
  timing.projectedEvents += Number((r as { read?: number } | undefined)?.read ?? 0);
});

/** Times every projection's `apply` (shared by both apps' runners: the same classes). */
function timeEachProjection(runner: ProjectionRunner): void {
  const projections = (runner as unknown as { projections: Array<{ name: string; apply: unknown }> }).projections;
  for (const p of projections) {
    const proto = Object.getPrototypeOf(p) as object;
    if (Object.prototype.hasOwnProperty.call(proto, '__benchTimed')) continue;
    Object.defineProperty(proto, '__benchTimed', { value: true });
    timed(proto, 'apply', (ms) => (timing.byProjection[p.name] = (timing.byProjection[p.name] ?? 0) + ms));
  }
}

/**
 * BENCH_CPU_PROFILE=<file.cpuprofile>: a CPU profile of this process while it indexes the realistic range only
 * (the generation before it signs thousands of transactions and would drown it). Open it in Chrome's DevTools.
 */
async function startCpuProfile(): Promise<(() => Promise<void>) | null> {
  const file = process.env.BENCH_CPU_PROFILE;
  const heapFile = process.env.BENCH_HEAP_PROFILE;
  if (!file && !heapFile) return null;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  if (file) {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  }
  if (heapFile) {
    // Every allocation sampled, also of objects the GC collected since: what the indexing allocates, not what it keeps.
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  return async () => {
    if (file) {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      fs.writeFileSync(file, JSON.stringify(profile));
      say(`CPU profile of the realistic indexing in ${file}`);
    }
    if (heapFile) {
      const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: object };
      fs.writeFileSync(heapFile, JSON.stringify(profile));
      say(`allocation profile of the realistic indexing in ${heapFile}`);
    }
    session.disconnect();
  };
}

async function main(): Promise<void> {
  const anvil = await startAnvil(['--gas-limit', '1000000000']);
  const db = await benchDatabase('bench_indexer');
  const chain = await deployEscrow(anvil.provider, anvil.url, 3600);
  // The range starts after the deployment's own logs (role grants), so it holds exactly the LOGS escrow events.
  const startBlock = (await anvil.provider.getBlockNumber()) + 1;
  const env = indexerEnv(anvil.url, chain, db.url, { LOG_LEVEL: 'warn', ESCROW_DEPLOYMENT_BLOCK: String(startBlock) });
  // The product's defaults for polling and range size, not the tests' fast ones.
  delete env.INDEXER_POLL_MS;
  delete env.PAYOUT_POLL_MS;
  const processEnv = { ...process.env, ...env, NODE_ENV: 'production', DATA_DIR: os.tmpdir() };
  const config = loadConfig(processEnv);
  const own = loadIndexerEnv(processEnv);
  Logger.overrideLogger(['error', 'warn']);
  const app = await NestFactory.createApplicationContext(IndexerModule.forRoot(config, db.url, { payouts: false, env: processEnv }), { logger: ['error', 'warn'] });
  const runner = app.get(IndexerRunner);
  const store = app.get(EventStore);
  const dataSource = app.get(DataSource);
  const commands = app.get(CommandBus);
  let second: Awaited<ReturnType<typeof NestFactory.createApplicationContext>> | null = null;
  try {
    // ---- the backend side: a creator, TASKS + 1 tasks with approved submissions (bulk-appended events) ----
    const creatorSigner = chain.creators[0];
    const creatorWallet = await creatorSigner.getAddress();
    const creatorId: number = await commands.execute(
      new RegisterUserCommand({ method: 'wallet', walletAddress: creatorWallet, username: null, email: null, passwordHash: null }),
    );
    const deadline = new Date(Date.now() + 7 * 24 * 3600_000);
    // Each submission's payout was requested for this wallet (a release to any other is an anomaly).
    const recipients = Array.from({ length: 64 }, () => Wallet.createRandom().address);
    const recipientOf = (submissionId: number) => recipients[submissionId % recipients.length];
    let submissionId = 0;
    const subsOf = new Map<number, number[]>();
    const t0 = Date.now();
    for (let taskId = 1; taskId <= TASKS + 1; taskId++) {
      const n = taskId <= TASKS ? PAYOUTS : LIVE;
      const ids = Array.from({ length: n }, () => ++submissionId);
      subsOf.set(taskId, ids);
      await store.append(`task-${taskId}`, 0, taskWithApprovals(taskId, creatorId, ids, deadline, chain.deployment.escrow, recipientOf));
    }
    await app.get(ProjectionRunner).catchUp();
    say(`backend: ${TASKS + 1} tasks, ${submissionId} approved submissions in ${Date.now() - t0} ms`);

    // ---- the chain side: fund every task, pay all its submissions in one releaseBatch ----
    const releaser = new Wallet(DEV_RELEASER.privateKey, anvil.provider);
    const creatorKey = new Wallet((creatorSigner.signer as Wallet).privateKey, anvil.provider);
    let creatorNonce = await creatorKey.getNonce();
    let releaserNonce = await releaser.getNonce();
    const fees = { maxFeePerGas: 10n ** 11n, maxPriorityFeePerGas: 10n ** 9n, chainId: 31337 };
    const escrow = chain.deployment.escrow;
    const iface = chain.escrow.interface;
    const deadlineSeconds = BigInt(Math.floor(deadline.getTime() / 1000));
    const keyOf = (taskId: number, max: number) => escrowKey(creatorKey.address, taskId, CENT, max, deadlineSeconds);
    const t1 = Date.now();
    let last = '';
    for (let taskId = 1; taskId <= TASKS; taskId++) {
      const ids = subsOf.get(taskId)!;
      const fund = await creatorKey.signTransaction({
        to: escrow, nonce: creatorNonce++, gasLimit: 300_000n, ...fees,
        data: iface.encodeFunctionData('fund', [taskId, CENT, ids.length, BigInt(Math.floor(deadline.getTime() / 1000))]),
      });
      await anvil.rpc('eth_sendRawTransaction', [fund]);
      const batch = await releaser.signTransaction({
        to: escrow, nonce: releaserNonce++, gasLimit: 30_000_000n, ...fees,
        data: iface.encodeFunctionData('releaseBatch', [keyOf(taskId, ids.length), ids, ids.map(recipientOf)]),
      });
      last = await anvil.rpc<string>('eth_sendRawTransaction', [batch]);
    }
    let lastReceipt: { status: string } | null = null;
    for (let tries = 0; !lastReceipt && tries < 600; tries++) {
      lastReceipt = await anvil.rpc<{ status: string } | null>('eth_getTransactionReceipt', [last]);
      if (!lastReceipt) await new Promise((r) => setTimeout(r, 100));
    }
    if (lastReceipt?.status !== '0x1') throw new Error(`the generating transactions failed: ${JSON.stringify(lastReceipt)?.slice(0, 300)}`);
    const head = await anvil.provider.getBlockNumber();
    say(`chain: ${LOGS} escrow logs in blocks ${startBlock}..${head}, generated in ${Date.now() - t1} ms`);

    // ---- bare eth_getLogs sweep of the same range, in the indexer's range size ----
    const step = own.INDEXER_BATCH_BLOCKS;
    const sweep = async (first = startBlock, last = head) => {
      const s = performance.now();
      let n = 0;
      for (let from = first; from <= last; from += step) {
        const res = await fetch(anvil.url, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ address: escrow, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${Math.min(last, from + step - 1).toString(16)}` }] }),
        });
        n += ((await res.json()) as { result: unknown[] }).result.length;
      }
      return { n, ms: performance.now() - s };
    };
    const raw = await sweep();
    if (raw.n !== LOGS) throw new Error(`raw sweep saw ${raw.n} logs, expected ${LOGS}`);
    const rawGetLogsPerSec = Math.round((raw.n / raw.ms) * 1000);
    say(`raw eth_getLogs: ${raw.n} logs in ${raw.ms.toFixed(0)} ms (${rawGetLogsPerSec}/s)`);

    // ---- index from scratch: until the checkpoint is at the head and the read model shows every payout ----
    const paidCount = async () => Number((await dataSource.query(`SELECT count(*) AS n FROM submissions WHERE payout_status = 'released'`))[0].n);
    const checkpoint = async () => Number((await dataSource.query(`SELECT block_number FROM indexer_checkpoints`))[0]?.block_number ?? -1);
    const s = performance.now();
    runner.start();
    let lastSay = performance.now();
    while ((await checkpoint()) < head || (await paidCount()) < TASKS * PAYOUTS) {
      await new Promise((r) => setTimeout(r, 10));
      if (performance.now() - lastSay > 10_000) {
        lastSay = performance.now();
        const seen = await dataSource.query(`SELECT outcome, count(*)::int AS n FROM indexer_applied_logs GROUP BY outcome`);
        say(`… checkpoint ${await checkpoint()} of ${head}, ${await paidCount()} paid, outcomes ${JSON.stringify(seen)}`);
      }
    }
    const indexMs = performance.now() - s;
    const indexLogsPerSec = Math.round((LOGS / indexMs) * 1000);
    const outcomes = await dataSource.query(`SELECT outcome, count(*)::int AS n FROM indexer_applied_logs GROUP BY outcome`);
    say(`indexed ${LOGS} logs in ${indexMs.toFixed(0)} ms (${indexLogsPerSec}/s = ${(indexLogsPerSec / rawGetLogsPerSec).toFixed(2)} x raw); outcomes ${JSON.stringify(outcomes)}`);

    // ---- live: one release at a time; receipt -> the read model shows the submission paid ----
    const liveTask = TASKS + 1;
    const liveIds = subsOf.get(liveTask)!;
    const fundLive = await creatorKey.signTransaction({
      to: escrow, nonce: creatorNonce++, gasLimit: 300_000n, ...fees,
      data: iface.encodeFunctionData('fund', [liveTask, CENT, liveIds.length, BigInt(Math.floor(deadline.getTime() / 1000))]),
    });
    await anvil.rpc('eth_sendRawTransaction', [fundLive]);
    const latencies: number[] = [];
    for (const id of liveIds) {
      const tx = await releaser.signTransaction({
        to: escrow, nonce: releaserNonce++, gasLimit: 200_000n, ...fees,
        data: iface.encodeFunctionData('release', [keyOf(liveTask, liveIds.length), id, recipientOf(id)]),
      });
      const hash = await anvil.rpc<string>('eth_sendRawTransaction', [tx]);
      while (!(await anvil.rpc('eth_getTransactionReceipt', [hash]))) await new Promise((r) => setTimeout(r, 2));
      const receiptAt = performance.now();
      for (;;) {
        const rows = await dataSource.query(`SELECT payout_status FROM submissions WHERE id = $1`, [id]);
        if (rows[0]?.payout_status === 'released') break;
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - receiptAt);
      await new Promise((r) => setTimeout(r, Math.random() * 200));
    }
    const liveLatencyP95Ms = Math.round(percentile(latencies, 95));
    say(`live: ${LIVE} releases, latency p50 ${Math.round(percentile(latencies, 50))} ms, p95 ${liveLatencyP95Ms} ms, max ${Math.round(Math.max(...latencies))} ms (poll ${own.INDEXER_POLL_MS} ms, ${config.CONFIRMATIONS} confirmations)`);

    // ---- realistic mix: many tasks, <= 100 payouts each (most a handful), one release per transaction, all
    // tasks interleaved in random order, so a 2,000-block range holds one or two logs of most tasks ----
    await runner.stop();
    const rand = rng(17);
    const realTasks: Array<{ taskId: number; ids: number[] }> = [];
    for (let i = 0; i < REAL_TASKS; i++) {
      const taskId = TASKS + 2 + i;
      const ids = Array.from({ length: 1 + Math.floor(rand() ** 5 * 99) }, () => ++submissionId);
      realTasks.push({ taskId, ids });
      await store.append(`task-${taskId}`, 0, taskWithApprovals(taskId, creatorId, ids, deadline, escrow, recipientOf));
    }
    await app.get(ProjectionRunner).catchUp();
    const realFrom = (await anvil.provider.getBlockNumber()) + 1;
    const t3 = Date.now();
    for (const t of realTasks) {
      const tx = await creatorKey.signTransaction({
        to: escrow, nonce: creatorNonce++, gasLimit: 300_000n, ...fees,
        data: iface.encodeFunctionData('fund', [t.taskId, CENT, t.ids.length, BigInt(Math.floor(deadline.getTime() / 1000))]),
      });
      await anvil.rpc('eth_sendRawTransaction', [tx]);
    }
    const releases = realTasks.flatMap((t) => t.ids.map((id) => [t.taskId, id, t.ids.length] as const));
    for (let i = releases.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [releases[i], releases[j]] = [releases[j], releases[i]];
    }
    for (const [taskId, id, max] of releases) {
      const tx = await releaser.signTransaction({
        to: escrow, nonce: releaserNonce++, gasLimit: 200_000n, ...fees,
        data: iface.encodeFunctionData('release', [keyOf(taskId, max), id, recipientOf(id)]),
      });
      last = await anvil.rpc<string>('eth_sendRawTransaction', [tx]);
    }
    // On a busy machine anvil mines the queued releases well after they were sent: wait while its head moves.
    for (let lastHead = -1, stalled = 0; ; ) {
      const receipt = await anvil.rpc<{ status: string } | null>('eth_getTransactionReceipt', [last]);
      if (receipt?.status === '0x1') break;
      const now = await anvil.provider.getBlockNumber();
      stalled = now === lastHead ? stalled + 1 : 0;
      lastHead = now;
      if (receipt || stalled > 600) throw new Error(`a realistic release failed: ${JSON.stringify(receipt)} (head ${now})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const realHead = await anvil.provider.getBlockNumber();
    const realLogs = realTasks.length + releases.length;
    say(`realistic: ${realTasks.length} tasks, ${releases.length} single releases (max ${Math.max(...realTasks.map((t) => t.ids.length))} per task), ` +
      `${realLogs} logs in blocks ${realFrom}..${realHead}, generated in ${Date.now() - t3} ms`);
    const realRaw = await sweep(realFrom, realHead);
    if (realRaw.n !== realLogs) throw new Error(`raw sweep saw ${realRaw.n} logs, expected ${realLogs}`);
    const realisticRawGetLogsPerSec = Math.round((realRaw.n / realRaw.ms) * 1000);
    const paidBefore = await paidCount();
    Object.assign(timing, { applyMs: 0, ranges: 0, readModelWaitMs: 0, readModelPassMs: 0, projectionMs: 0, projectedEvents: 0, loadMs: 0, appendMs: 0, byProjection: {} });
    timeEachProjection(app.get(ProjectionRunner));
    // The first runner is stopped for good (a runner does not restart): a second one, as after a restart,
    // resumes from the checkpoint, right before the realistic range.
    second = await NestFactory.createApplicationContext(IndexerModule.forRoot(config, db.url, { payouts: false, env: processEnv }), { logger: ['error', 'warn'] });
    const profile = await startCpuProfile();
    const postmaster = await postgresServerPid(dataSource);
    const rowsOf = (sql: string, params?: unknown[]) => dataSource.query(sql, params);
    const statements = await pgStatementsReset(rowsOf, 'bench:indexer');
    const cpuBefore = cpuSample(postmaster);
    const s2 = performance.now();
    second.get(IndexerRunner).start();
    while ((await checkpoint()) < realHead || (await paidCount()) < paidBefore + releases.length) await new Promise((r) => setTimeout(r, 10));
    const realMs = performance.now() - s2;
    const cpu = cpuPerKLog(cpuBefore, cpuSample(postmaster), realLogs);
    if (statements) say(`realistic, PostgreSQL's time per statement (pg_stat_statements):\n${await pgStatementsReport(rowsOf)}`);
    await profile?.();
    const realisticIndexLogsPerSec = Math.round((realLogs / realMs) * 1000);
    const share = (ms: number) => Math.round((ms / realMs) * 100) / 100;
    say(`realistic: indexed ${realLogs} logs in ${realMs.toFixed(0)} ms (${realisticIndexLogsPerSec}/s = ` +
      `${(realisticIndexLogsPerSec / realisticRawGetLogsPerSec).toFixed(2)} x its raw eth_getLogs ${realisticRawGetLogsPerSec}/s); ` +
      `${timing.ranges} ranges, ${Math.round(timing.applyMs)} ms (${Math.round(share(timing.applyMs) * 100)} %) applying them as domain commands ` +
      `(load tasks, decide, append), ${Math.round(timing.readModelWaitMs)} ms (${Math.round(share(timing.readModelWaitMs) * 100)} %) waiting for the read models ` +
      `(their passes took ${Math.round(timing.readModelPassMs)} ms from each range's commit, overlapping the next range); ` +
      `projection batches ${Math.round(timing.projectionMs)} ms for ${timing.projectedEvents} events; the rest reading logs and blocks`);
    say(`realistic, within applying: loading the task streams ${Math.round(timing.loadMs)} ms, the ranges' transactions ` +
      `${Math.round(timing.appendMs)} ms; within projection batches, each projection's apply: ` +
      Object.entries(timing.byProjection).sort((a, b) => b[1] - a[1]).map(([n, ms]) => `${n} ${Math.round(ms)} ms`).join(', '));
    say(`realistic, CPU per 1,000 logs: this Node process ${cpu.nodeMsPerKLog} ms, PostgreSQL ${cpu.pgMsPerKLog ?? '?'} ms ` +
      `(load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    console.log(JSON.stringify({
      logs: LOGS, indexLogsPerSec, rawGetLogsPerSec, liveLatencyP95Ms,
      realisticLogs: realLogs, realisticIndexLogsPerSec, realisticRawGetLogsPerSec, realisticApplyShare: share(timing.applyMs),
      realisticReadModelWaitShare: share(timing.readModelWaitMs), realisticProjectionShare: share(timing.projectionMs),
      realisticReadModelPassShare: share(timing.readModelPassMs), realisticLoadShare: share(timing.loadMs), realisticAppendShare: share(timing.appendMs),
      realisticNodeCpuMsPerKLog: cpu.nodeMsPerKLog, realisticPgCpuMsPerKLog: cpu.pgMsPerKLog,
    }));
  } finally {
    await runner.stop();
    if (second) {
      await second.get(IndexerRunner).stop();
      await second.close();
    }
    await app.close();
    await anvil.stop();
    await db.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
