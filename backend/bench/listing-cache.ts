/**
 * bench:list-cache — what a replica's list cache costs for each batch of events another process applied (its
 * `changedElsewhere`, run for every such batch: the other replicas' submissions and reviews, the indexer's
 * fundings). In bench:api's multi-process windows those checks ran on every replica for every write, against
 * every cached answer, and took 5–13 % of a replica's busy time.
 *
 * In-process and isolated (best case: no database, no requests, no other work on the event loop): a full cache
 * (1,000 answers: pages of 24 rows, every tenth the 100-row plain array; filters by category, "available" and,
 * for some, a signed-in viewer) over 100,000 tasks, then BENCH_CHANGES (3,000) batches of two events of a random
 * task each (a submission and an approval, as one write of bench:api's stream is), the fresh rows answered at
 * once from memory. The figure is the CPU per batch, user + system, after 300 batches of warm-up.
 *
 * Last line: {"answers":1000,"changes":3000,"cpuUsPerChange":…,"load1":…}
 */
import * as os from 'node:os';
import { StoredEvent } from '../src/event-store/stored-event';
import { ListedRows, ListingCache, ListingTag, TaskTerms } from '../src/tasks/queries/listing-cache';
import { TaskRow } from '../src/tasks/queries/task.view';

const TASKS = 100_000;
const ANSWERS = 1000;
const CHANGES = Number(process.env.BENCH_CHANGES ?? 3000);
const CATEGORIES = ['Design', 'Content', 'Development'];

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const termsOf = (id: number): TaskTerms => ({ category: CATEGORIES[id % 3], reward: 1 + (id % 500), creatorId: 1 + (id % 5000) });

function rowOf(id: number): TaskRow {
  const t = termsOf(id);
  return {
    id, title: `Task ${id}`, description: 'Benchmark task', requirements: 'None', category: t.category, creatorId: t.creatorId!, reward: t.reward,
    maxCompletions: 10, completions: 1, totalSubmissions: 2, pendingSubmissions: 1, estimatedTime: 5,
    deadline: new Date(Date.now() + 30 * 86_400_000), submissionType: 'text', isActive: true, fundingStatus: 'funded', createdAt: new Date(),
  } as unknown as TaskRow;
}

async function main(): Promise<void> {
  const rand = rng(7);
  const cache = new ListingCache(ANSWERS, 3_600_000, async () => null, 200, undefined, async (ids) => ids.map(rowOf), async () => 0);
  for (let a = 0; a < ANSWERS; a++) {
    const size = a % 10 === 0 ? 100 : 24;
    const first = Math.floor(rand() * (TASKS - size));
    const rows = Array.from({ length: size }, (_, i) => rowOf(first + i));
    const tag: ListingTag = { search: null, category: a % 2 ? CATEGORIES[a % 3] : null, available: a % 3 === 0, viewerId: a % 7 === 0 ? 1 + a : null };
    await cache.rows.get(`answer ${a}`, tag, async () => ({ value: { rows, nextCursor: null, lookAhead: first + size } satisfies ListedRows }));
  }
  let position = 1n;
  const event = (taskId: number, type: string, data: object): StoredEvent => ({
    globalPosition: position++, transactionId: 1n, streamId: `task-${taskId}`, streamVersion: Number(position), type,
    data: { taskId, ...data }, metadata: {} as StoredEvent['metadata'], createdAt: new Date(),
  });
  /** One write of another replica: a submission to a random task and the approval of an earlier one. */
  const write = (): StoredEvent[] => {
    const taskId = Math.floor(rand() * TASKS);
    return [
      event(taskId, 'SubmissionSubmitted', { submissionId: Number(position), userId: 1 + Math.floor(rand() * 10_000) }),
      event(taskId, 'SubmissionApproved', { submissionId: Number(position) - 2, reviewerId: termsOf(taskId).creatorId, reviewedAt: new Date().toISOString() }),
    ];
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  for (let i = 0; i < 300; i++) cache.changedElsewhere(write(), termsOf);
  await settle();
  const before = process.cpuUsage();
  for (let i = 0; i < CHANGES; i++) {
    cache.changedElsewhere(write(), termsOf);
    // The revisions' fresh rows come back in between, as they would from the database.
    if (i % 50 === 49) await settle();
  }
  await settle();
  const used = process.cpuUsage(before);
  const cpuUsPerChange = Math.round((used.user + used.system) / CHANGES);
  console.log(`${cache.rows.size} cached answers, ${CHANGES} writes of another process: ${cpuUsPerChange} µs of CPU each`);
  console.log(JSON.stringify({ answers: cache.rows.size, changes: CHANGES, cpuUsPerChange, load1: Math.round(os.loadavg()[0] * 100) / 100 }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
