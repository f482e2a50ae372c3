/**
 * `npm run bench:live`: how fast a browser hears about what happened, with 500 open event streams.
 * Two backend replicas and the indexer + payout worker run as separate processes on one PostgreSQL and a
 * real anvil; the streams (Node fetch, like EventSource) are spread over both replicas. Each approval is
 * made through the replica the earner is NOT connected to.
 *   approvalToBrowser:        PATCH /api/submissions/:id sent -> the earner's `submission_approved` frame
 *   payoutConfirmedToBrowser: the release's block first seen on the chain -> the earner's `payout_confirmed`
 *   fundingSeen:              a funding's block first seen on the chain (its receipt) -> the task listed as funded by
 *                             the API (GET /api/tasks/:id, what the browser's "Seen by the app" step waits for)
 * Prints progress on stderr and, as its last stdout line:
 *   {"approvalToBrowserP95Ms":…,"payoutConfirmedToBrowserP95Ms":…,"fundingSeenP95Ms":…,"streams":…}
 * Env: BENCH_STREAMS (500), BENCH_APPROVALS (100), BENCH_APPROVAL_GAP_MS (100), BENCH_FUNDINGS (30); DATABASE_URL to
 * use a running PostgreSQL (default: an embedded one in a temporary directory).
 */
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DomainModule, loadConfig, SubmitProofCommand } from '@cent/backend';
import { childOutput, sessionCookieFor, TEST_SESSION_SECRET, openSse, SseClient, SseFrame } from '@cent/backend/testing';
import { startAnvil, freePort } from '../test/support/anvil';
import { deployEscrow } from '../test/support/escrow-chain';
import { createAndFundTask, registerCreator, registerUser, Person } from '../test/support/scenario';
import { indexerEnv } from '../test/support/stack';
import { benchDatabase, percentile } from './bench-support';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 100);
const GAP_MS = Number(process.env.BENCH_APPROVAL_GAP_MS ?? 100);
const FUNDINGS = Number(process.env.BENCH_FUNDINGS ?? 30);
const PER_TASK = 10;
const ROOT = path.resolve(__dirname, '..', '..');
const say = (m: string) => process.stderr.write(`[bench:live] ${m}\n`);


/** A service from source (bin/run-ts.js), resolved once `ready` appears in its output. */
function service(name: string, main: string, env: Record<string, string>, ready: string): { proc: ChildProcess; ready: Promise<void> } {
  const proc = spawn(process.execPath, [path.join(ROOT, 'indexer', 'bin', 'run-ts.js'), main], {
    cwd: path.dirname(path.dirname(main)),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = childOutput(proc, ready, name).ready;
  started.catch(() => undefined);
  return { proc, ready: started };
}

async function main(): Promise<void> {
  const anvil = await startAnvil();
  const db = await benchDatabase('bench_live');
  const chain = await deployEscrow(anvil.provider, anvil.url, 3600);
  const children: ChildProcess[] = [];
  const streams: SseClient[] = [];
  let stopBlocks = false;
  const env = {
    ...indexerEnv(anvil.url, chain, db.url, { LOG_LEVEL: 'warn' }),
    NODE_ENV: 'production',
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cent-bench-live-')),
  };
  // The product's polling defaults (indexer 250 ms, payout worker 200 ms, live follower 100 ms), not the tests' fast ones.
  delete (env as Record<string, string>).INDEXER_POLL_MS;
  delete (env as Record<string, string>).PAYOUT_POLL_MS;
  delete (env as Record<string, string>).PAYOUT_BATCH_WINDOW_MS;
  const ctx = await NestFactory.createApplicationContext(DomainModule.forRoot(loadConfig({ ...env, LOG_LEVEL: 'warn' }), db.url), { logger: ['error', 'warn'] });
  try {
    const commands = ctx.get(CommandBus);
    const dataSource = ctx.get(DataSource);
    const [portA, portB] = [await freePort(), await freePort()];
    const backendMain = path.join(ROOT, 'backend', 'src', 'main.ts');
    const a = service('replica A', backendMain, { ...env, PORT: String(portA) }, 'CENT Tasks API on');
    const b = service('replica B', backendMain, { ...env, PORT: String(portB) }, 'CENT Tasks API on');
    const idx = service('indexer', path.join(ROOT, 'indexer', 'src', 'main.ts'), env, 'CENT indexer:');
    children.push(a.proc, b.proc, idx.proc);
    await Promise.all([a.ready, b.ready, idx.ready]);
    const urls = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    say(`replicas on :${portA} and :${portB}, indexer up`);

    // ---- blocks as they appear (the clock of the funding and payout figures) ----
    const blockSeen = new Map<number, number>();
    const watchBlocks = (async () => {
      while (!stopBlocks) {
        const n = await anvil.provider.getBlockNumber();
        if (!blockSeen.has(n)) blockSeen.set(n, performance.now());
        await new Promise((r) => setTimeout(r, 10));
      }
    })();

    // ---- people, funded tasks, pending submissions ----
    const creator = await registerCreator(commands, chain, 0);
    const creatorCookie = await sessionCookieFor(dataSource, creator.id);
    const earners: Array<Person & { cookie: string }> = [];
    for (let i = 0; i < STREAMS; i++) {
      const p = await registerUser(commands);
      earners.push({ ...p, cookie: await sessionCookieFor(dataSource, p.id) });
    }
    const taskIds: number[] = [];
    for (let t = 0; t < Math.ceil(APPROVALS / PER_TASK); t++) {
      taskIds.push((await createAndFundTask(commands, chain, creator, { reward: 1, maxCompletions: PER_TASK, deadline: new Date(Date.now() + 7 * 24 * 3600_000) })).taskId);
    }
    for (;;) {
      const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE id = ANY($1) AND funding_status = 'funded'`, [taskIds]);
      if (n === taskIds.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    say(`${STREAMS} users, ${taskIds.length} funded tasks`);

    // ---- fundings seen by the app: the funding's block -> GET /api/tasks/:id says funded (one at a time) ----
    const fundingSeenMs: number[] = [];
    for (let i = 0; i < FUNDINGS; i++) {
      const funded = await createAndFundTask(commands, chain, creator, { reward: 1, maxCompletions: 1, deadline: new Date(Date.now() + 7 * 24 * 3600_000) });
      const mined = blockSeen.get(funded.blockNumber!);
      if (mined === undefined) throw new Error(`block ${funded.blockNumber} was never seen`);
      for (;;) {
        const res = await fetch(`${urls[i % 2]}/api/tasks/${funded.taskId}`, { headers: { Cookie: creatorCookie } });
        const task = res.ok ? ((await res.json()) as { fundingStatus?: string; funding?: { status?: string } }) : null;
        if ((task?.funding?.status ?? task?.fundingStatus) === 'funded') break;
        if (performance.now() - mined > 60_000) throw new Error(`task ${funded.taskId} not seen funded within 60 s`);
        await new Promise((r) => setTimeout(r, 10));
      }
      fundingSeenMs.push(performance.now() - mined);
    }
    say(`funding seen p50 ${percentile(fundingSeenMs, 50).toFixed(0)} ms, max ${Math.max(...fundingSeenMs).toFixed(0)} ms`);

    // ---- open every stream (earner i on replica i % 2) ----
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = earners.slice(i, i + 50).map((e, j) => openSse(urls[(i + j) % 2], e.cookie));
      streams.push(...(await Promise.all(batch)));
    }
    await Promise.all(streams.map((s) => s.next((f) => f.event === 'ready', 'ready', 60_000)));
    if (streams.some((s) => s.status !== 200)) throw new Error('a stream was refused');
    say(`${streams.length} streams open`);

    // ---- approvals through the other replica, one every GAP_MS ----
    const approvalMs: number[] = [];
    const payoutMs: number[] = [];
    const waits: Promise<void>[] = [];
    for (let k = 0; k < APPROVALS; k++) {
      const e = earners[k];
      const taskId = taskIds[Math.floor(k / PER_TASK)];
      const submissionId: number = await commands.execute(
        new SubmitProofCommand(e.id, taskId, { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null }),
      );
      const stream = streams[k];
      const isMine = (kind: string) => (f: SseFrame) => f.event === 'change' && f.data.kind === kind && f.data.submissionId === submissionId;
      const approved = stream.next(isMine('submission_approved'), 'approval', 60_000);
      const confirmed = stream.next(isMine('payout_confirmed'), 'payout', 120_000);
      const t0 = performance.now();
      const res = await fetch(`${urls[(k + 1) % 2]}/api/submissions/${submissionId}`, {
        method: 'PATCH',
        headers: { Cookie: creatorCookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'approved' }),
      });
      if (res.status !== 200) throw new Error(`approval answered ${res.status}: ${await res.text()}`);
      waits.push(approved.then(() => void approvalMs.push(performance.now() - t0)));
      waits.push(
        confirmed.then(async (f) => {
          const at = performance.now();
          const receipt = await anvil.provider.getTransactionReceipt(f.data.detail.txHash);
          const seen = blockSeen.get(receipt!.blockNumber);
          if (seen === undefined) throw new Error(`block ${receipt!.blockNumber} was never seen`);
          payoutMs.push(at - seen);
        }),
      );
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    await Promise.all(waits);
    stopBlocks = true;
    await watchBlocks;
    const leaked = streams.slice(APPROVALS).filter((s) => s.frames.some((f) => f.event === 'change'));
    if (leaked.length) throw new Error(`${leaked.length} streams without approvals received changes`);
    say(`approval p50 ${percentile(approvalMs, 50).toFixed(0)} ms, payout p50 ${percentile(payoutMs, 50).toFixed(0)} ms`);
    console.log(JSON.stringify({
      approvalToBrowserP95Ms: Math.round(percentile(approvalMs, 95)),
      payoutConfirmedToBrowserP95Ms: Math.round(percentile(payoutMs, 95)),
      fundingSeenP95Ms: Math.round(percentile(fundingSeenMs, 95)),
      streams: streams.filter((s) => s.status === 200).length,
    }));
  } finally {
    stopBlocks = true;
    for (const s of streams) s.close();
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    await ctx.close();
    await db.stop();
    await anvil.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
