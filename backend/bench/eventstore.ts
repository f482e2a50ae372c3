/**
 * npm run bench:eventstore — 8 concurrent writers append 100,000 domain events (one event per append,
 * the worst case: every append is its own transaction and fsync) to an embedded PostgreSQL, then every
 * projection is rebuilt from position 0. Last line: one JSON object.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { DomainModule } from '../src/domain.module';
import { EventStore } from '../src/event-store/event-store';
import { ProjectionRunner } from '../src/projections/projection-runner';
import { loadConfig } from '../src/config/app-config';
import { TaskEvents as T } from '../src/tasks/task.events';
import { benchDatabase } from './bench-database';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const WRITERS = 8;

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
    await runner.stop();
    console.log(`appended ${EVENTS} events in ${appendSec.toFixed(2)} s with ${WRITERS} writers; rebuilt ${rebuilt} events in ${rebuildSec.toFixed(2)} s`);
    console.log(JSON.stringify({
      events: EVENTS,
      appendPerSec: Math.round(EVENTS / appendSec),
      rebuildEventsPerSec: Math.round(rebuilt / rebuildSec),
      concurrentWriters: WRITERS,
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
