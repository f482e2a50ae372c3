/**
 * bench:eventstore's command figures: whole commands as the API runs them (load the aggregate, decide, append,
 * wait until the projections show the events), and how long a task's stream takes to load fresh and with
 * 100 submissions behind it.
 */
import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AggregateRepository } from '../src/event-store/aggregate-repository';
import { ReviewSubmissionCommand } from '../src/tasks/commands/review-submission.command';
import { SubmitProofCommand } from '../src/tasks/commands/submit-proof.command';
import { TaskAggregate } from '../src/tasks/domain/task.aggregate';
import { createFundedTask, registerWalletUser } from '../test/fixtures';

const PROOF = { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null };

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

const register = (commands: CommandBus) => registerWalletUser(commands);

/** Created, then funded the way production funds it (the indexer's ApplyEscrowLogs with a TaskFunded log). */
const fundedTask = (commands: CommandBus, creator: { id: number; wallet: string }, maxCompletions: number): Promise<number> =>
  createFundedTask(commands, creator, { title: 'Bench task', category: 'Design', reward: 10, maxCompletions, deadline: new Date(Date.now() + 864e5) });

/**
 * CLIENTS concurrent clients each run submit-then-approve pairs on random tasks of a shared pool (so two
 * clients sometimes hit one task and one retries on fresh state, as in production) until `total` commands
 * have returned. Every command returns only once the read models show its events.
 */
export async function commandThroughput(app: INestApplicationContext, clients: number, total: number) {
  const commands = app.get(CommandBus);
  const creators = await Promise.all(Array.from({ length: clients }, () => register(commands)));
  const earners: Array<{ id: number; wallet: string }> = [];
  for (let i = 0; i < 200; i++) earners.push(await register(commands));
  const tasks: Array<{ id: number; creatorId: number; taken: Set<number> }> = [];
  for (let i = 0; i < 100; i++) {
    const creator = creators[i % creators.length];
    tasks.push({ id: await fundedTask(commands, creator, 100), creatorId: creator.id, taken: new Set() });
  }
  let budget = total;
  const latencies: number[] = [];
  const timed = async (command: object) => {
    const t0 = performance.now();
    const out = await commands.execute(command);
    latencies.push(performance.now() - t0);
    return out;
  };
  const client = async () => {
    while (budget > 1) {
      budget -= 2;
      const task = tasks[Math.floor(Math.random() * tasks.length)];
      let earner = earners[Math.floor(Math.random() * earners.length)];
      while (task.taken.has(earner.id)) earner = earners[Math.floor(Math.random() * earners.length)];
      task.taken.add(earner.id);
      const submissionId: number = await timed(new SubmitProofCommand(earner.id, task.id, PROOF));
      await timed(new ReviewSubmissionCommand({ id: task.creatorId, isAdmin: false }, submissionId, 'approved', null));
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const sec = (performance.now() - t0) / 1000;
  return { commands: latencies.length, commandsPerSec: Math.round(latencies.length / sec), commandP99Ms: Math.round(percentile(latencies, 99)) };
}

/**
 * Loads of a fresh task stream (created, funded) against one with 100 submissions, each approved with its
 * payout requested (302 events), alternated so both see the same machine: median and p99 in ms.
 */
export async function streamLoads(app: INestApplicationContext, rounds: number) {
  const commands = app.get(CommandBus);
  const repo = app.get(AggregateRepository);
  const creator = await register(commands);
  const fresh = await fundedTask(commands, creator, 100);
  const busy = await fundedTask(commands, creator, 100);
  for (let i = 0; i < 100; i++) {
    const earner = await register(commands);
    const sid: number = await commands.execute(new SubmitProofCommand(earner.id, busy, PROOF));
    await commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, sid, 'approved', null));
  }
  const [{ n }] = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [TaskAggregate.streamId(busy)]);
  const times = { fresh: [] as number[], busy: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    for (const [name, id] of [['fresh', fresh], ['busy', busy]] as const) {
      const t0 = performance.now();
      const task = await repo.load(new TaskAggregate(id));
      times[name].push(performance.now() - t0);
      if (name === 'busy' && task.snapshot.approved !== 100) throw new Error('the busy task did not load whole');
    }
  }
  const ms = (xs: number[], p: number) => Math.round(percentile(xs, p) * 100) / 100;
  return {
    busyStreamEvents: n as number,
    freshTaskLoadMs: ms(times.fresh, 50),
    freshTaskLoadP99Ms: ms(times.fresh, 99),
    task100LoadMs: ms(times.busy, 50),
    task100LoadP99Ms: ms(times.busy, 99),
  };
}
