/**
 * npm run bench:eventstore — the write side.
 * 1. 8 concurrent writers append 100,000 domain events, one event per append call. Appends are not one
 *    transaction and fsync each: plain appends from one process share group commits (event-store/
 *    group-commit.ts: while a batch is in flight, arriving appends queue and the next statement writes them
 *    all, each still compare-and-set on its own stream). `appendPerSec` is appends per second that way.
 * 2. Every projection is rebuilt from position 0 (`rebuildEventsPerSec`).
 * 3. Whole commands as the API runs them, 8 concurrent clients submitting proofs and approving them on a
 *    pool of 100 funded tasks (load the task's stream, decide, append, return once the projections show the
 *    events): `commandsPerSec`, `commandP99Ms` (bench/command-throughput.ts).
 * 4. Loading a fresh task stream against one with 100 approved submissions (302 events):
 *    `freshTaskLoadMs` / `task100LoadMs` (medians) and their p99s.
 * Last line: one JSON object.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { DomainModule } from '../src/domain.module';
import { EventStore } from '../src/event-store/event-store';
import { ProjectionRunner } from '../src/projections/projection-runner';
import { loadConfig } from '../src/config/app-config';
import { TaskEvents as T } from '../src/tasks/domain/task.events';
import { benchDatabase } from './bench-database';
import { commandThroughput, streamLoads } from './command-throughput';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const WRITERS = 8;
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 4000);
const LOAD_ROUNDS = 300;

/** The life of one task: created, funded, 5 submissions, 3 approved + payout requested + released, 2 rejected. */
function taskLife(taskId: number, firstSubmission: number) {
  const out: Array<{ type: string; data: Record<string, unknown> }> = [];
  const now = new Date().toISOString();
  out.push({ type: T.TaskCreated, data: {
    taskId, creatorId: 1, title: `Task ${taskId}`, description: 'Bench task', requirements: 'Do it', category: 'Design',
    reward: 10, maxCompletions: 5, estimatedTime: 30, deadline: new Date(Date.now() + 864e5).toISOString(), submissionType: 'text',
    isActive: true, chainId: 31337, contractAddress: null, escrowAmount: (50n * 10n ** 18n).toString(), createdAt: now } });
  out.push({ type: T.TaskFunded, data: { taskId, funder: '0x0', amount: '0', chainId: 31337, txHash: `0x${taskId}`, blockNumber: taskId, blockHash: '0x', logIndex: 0 } });
  for (let i = 0; i < 5; i++) {
    const submissionId = firstSubmission + i;
    const userId = 100 + i;
    out.push({ type: T.SubmissionSubmitted, data: { submissionId, taskId, userId, proofLink: null, proofText: 'proof', proofFileUrl: null, notes: null, createdAt: now } });
  }
  for (let i = 0; i < 5; i++) {
    const submissionId = firstSubmission + i;
    const userId = 100 + i;
    if (i < 3) {
      out.push({ type: T.SubmissionApproved, data: { submissionId, taskId, userId, reviewerId: 1, feedback: null, reward: 10, reviewedAt: now } });
      out.push({ type: T.PayoutRequested, data: { submissionId, taskId, userId, recipient: '0x0', amount: '10', requestedBy: 1 } });
      out.push({ type: T.RewardReleased, data: { submissionId, taskId, userId, recipient: '0x0', amount: (10n ** 19n).toString(), reward: 10, chainId: 31337, txHash: `0xr${submissionId}`, blockNumber: 1, blockHash: '0x', logIndex: i } });
    } else {
      out.push({ type: T.SubmissionRejected, data: { submissionId, taskId, userId, reviewerId: 1, feedback: 'no', reviewedAt: now } });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const db = await benchDatabase('bench_eventstore');
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
  const app = await NestFactory.createApplicationContext(DomainModule.forRoot(config, db.url), { logger: ['error'] });
  try {
    const store = app.get(EventStore);
    const runner = app.get(ProjectionRunner);
    await runner.stop(); // measure appends alone; the rebuild below measures projection speed
    let budget = EVENTS;
    let nextTask = 1;
    const writer = async () => {
      while (budget > 0) {
        const taskId = nextTask++;
        const life = taskLife(taskId, taskId * 10).slice(0, budget);
        budget -= life.length;
        let version = 0;
        for (const e of life) {
          await store.append(`task-${taskId}`, version, [e]);
          version++;
        }
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: WRITERS }, writer));
    const appendSec = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const rebuilt = await runner.rebuild();
    const rebuildSec = (performance.now() - t1) / 1000;
    console.log(`appended ${EVENTS} events in ${appendSec.toFixed(2)} s with ${WRITERS} writers; rebuilt ${rebuilt} events in ${rebuildSec.toFixed(2)} s`);
    // Commands allocate ids from the sequences; the appends above used ids of their own.
    await app.get(DataSource).query(`SELECT setval('task_id_seq', 10000000), setval('submission_id_seq', 100000000)`);
    runner.start();
    const cmd = await commandThroughput(app, WRITERS, COMMANDS);
    console.log(`${cmd.commands} commands (submit + approve) by ${WRITERS} clients: ${cmd.commandsPerSec}/s, p99 ${cmd.commandP99Ms} ms`);
    const loads = await streamLoads(app, LOAD_ROUNDS);
    console.log(`task stream load, median (p99): fresh ${loads.freshTaskLoadMs} ms (${loads.freshTaskLoadP99Ms}), ` +
      `${loads.busyStreamEvents} events with 100 submissions ${loads.task100LoadMs} ms (${loads.task100LoadP99Ms})`);
    console.log(JSON.stringify({
      events: EVENTS,
      appendPerSec: Math.round(EVENTS / appendSec),
      rebuildEventsPerSec: Math.round(rebuilt / rebuildSec),
      concurrentWriters: WRITERS,
      commandsPerSec: cmd.commandsPerSec,
      commandP99Ms: cmd.commandP99Ms,
      freshTaskLoadMs: loads.freshTaskLoadMs,
      task100LoadMs: loads.task100LoadMs,
      freshTaskLoadP99Ms: loads.freshTaskLoadP99Ms,
      task100LoadP99Ms: loads.task100LoadP99Ms,
    }));
  } finally {
    await app.close();
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
