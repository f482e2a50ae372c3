import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from 'pg';
import { QueryRunner } from 'typeorm';
import { DataSource } from 'typeorm';
import { CommandBus } from '@nestjs/cqrs';
import { applyLogs, centToBaseUnits, createFundedTask, registerWalletUser, releasedLog } from '../../test/fixtures';
import { testConfig, startTestDomain } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { DomainModule } from '../domain.module';
import { EventStore } from '../event-store/event-store';
import { Checkpoint, START, StoredEvent, compareCheckpoints } from '../event-store/stored-event';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';
import { SubmitProofCommand } from '../tasks/commands/submit-proof.command';
import { SetTaskActiveCommand } from '../tasks/commands/set-task-active.command';
import { SetUsernameCommand } from '../users/commands/set-username.command';
import { UpdateProfileCommand } from '../users/commands/update-profile.command';
import { ReadModelProjection, Projection, ProjectionBatch } from './projection';
import { QuarantineQueries } from './projection-quarantine';
import { ProjectionRunner, UnseenRange } from './projection-runner';
import { CHECKPOINTS_MOVED_CHANNEL, CHECKPOINTS_MOVED_ELSEWHERE, UNSEEN_EVENTS_MAX, lockProjectionsSql, moveCheckpointsSql } from './projection-batch-sql';
import { codeOf, isEventFault } from './projection-error';
import { ProjectionBatches } from './projection-batches';
import { GATHER_MS, IDLE_POLL_MS } from './projection-loop';

/** Writes every event it is given into `seen`, whose primary key makes a second delivery fail loudly. */
@Injectable()
@ReadModelProjection()
class RecordingProjection implements Projection {
  readonly name = 'recording';
  readonly tables = ['seen'];
  async apply(events: StoredEvent[], tx: QueryRunner): Promise<void> {
    await tx.query(
      `INSERT INTO seen (global_position, stream_id, stream_version)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[])`,
      [events.map((e) => e.globalPosition.toString()), events.map((e) => e.streamId), events.map((e) => e.streamVersion)],
    );
    await tx.query(`UPDATE seen_order SET n = n + $1`, [events.length]);
    // Arrival order per stream: each batch must continue every stream exactly where it stopped.
    await tx.query(
      `INSERT INTO seen_arrival (stream_id, stream_version, arrival)
       SELECT s, v, (SELECT n FROM seen_order) - $3 + o FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS x(s, v, o)`,
      [events.map((e) => e.streamId), events.map((e) => e.streamVersion), events.length],
    );
  }
}

/** Fails the first batch holding a SubmissionSubmitted, after the projections sorted before it folded it. */
@Injectable()
@ReadModelProjection()
class FailsOnceProjection implements Projection {
  readonly name = 'zz_fails_once';
  readonly tables: string[] = [];
  failed = false;
  async apply(events: StoredEvent[]): Promise<void> {
    if (!this.failed && events.some((e) => e.type === 'SubmissionSubmitted')) {
      this.failed = true;
      throw new Error('this batch fails on purpose');
    }
  }
}

/**
 * Records the positions it applies into `picky_seen`; while `refuse` is set, its own code throws on every
 * 'Poison' event (the event's fault) and, `transient` times, fails as a lost serialization would (the moment's).
 */
@Injectable()
@ReadModelProjection()
class PickyProjection implements Projection {
  readonly name = 'zz_picky';
  readonly tables = ['picky_seen'];
  refuse = true;
  transient = 0;
  async apply(events: StoredEvent[], _tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    if (this.transient > 0 && events.some((e) => e.type === 'Flaky')) {
      this.transient--;
      throw Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    }
    for (const e of events) {
      if (this.refuse && e.type === 'Poison') throw new TypeError(`cannot read ${e.data.missing.field}`);
      if (e.type === 'Garbled') throw new Error(`bad \u0000 byte, lone \ud800 surrogate, ${e.data.text}`);
      batch.write(`INSERT INTO picky_seen (global_position) VALUES ($1)`, [e.globalPosition.toString()]);
    }
  }
}

const PROOF = { proofLink: null, proofText: 'proof', proofFileUrl: null, notes: null };

/** The task's counters in its read row, and the same counters folded from scratch by a rebuild. */
async function countersAndRebuilt(ctx: { dataSource: DataSource; projections: ProjectionRunner }, taskId: number) {
  const read = async () =>
    (await ctx.dataSource.query(`SELECT total_submissions, pending_submissions, completions FROM tasks WHERE id = $1`, [taskId]))[0];
  const live = await read();
  await ctx.projections.rebuild();
  return { live, rebuilt: await read() };
}

describe('ProjectionRunner', () => {
  it('sees every one of 10,000 events from 8 concurrent writers exactly once and in stream order', async () => {
    const url = await createTestDatabase();
    const moduleRef = await Test.createTestingModule({
      imports: [DomainModule.forRoot(testConfig(), url)],
      providers: [RecordingProjection],
    }).compile();
    const bootstrap = new Client({ connectionString: url });
    await bootstrap.connect();
    const app = moduleRef.createNestApplication();
    // The test projection's tables, created before the runner starts.
    await app.get(DataSource).initialize().catch(() => undefined);
    await bootstrap.query(`CREATE TABLE IF NOT EXISTS seen (global_position bigint PRIMARY KEY, stream_id text, stream_version int)`);
    await bootstrap.query(`CREATE TABLE IF NOT EXISTS seen_order (n int)`);
    await bootstrap.query(`INSERT INTO seen_order VALUES (0)`);
    await bootstrap.query(`CREATE TABLE IF NOT EXISTS seen_arrival (stream_id text, stream_version int, arrival int)`);
    await app.init();
    const store = app.get(EventStore);
    try {
      const TOTAL = 10_000;
      let remaining = TOTAL;
      const take = (n: number) => {
        const k = Math.min(n, remaining);
        remaining -= k;
        return k;
      };
      const fastWriter = async (w: number) => {
        const versions = new Map<string, number>();
        for (;;) {
          const n = take(1 + Math.floor(Math.random() * 8));
          if (n === 0) return;
          const stream = `w${w}-s${Math.floor(Math.random() * 20)}`;
          const v = versions.get(stream) ?? 0;
          await store.append(stream, v, Array.from({ length: n }, (_, i) => ({ type: 'Tick', data: { i } })));
          versions.set(stream, v + n);
        }
      };
      // One writer holds its transaction open after inserting, so later positions commit before it.
      const slowWriter = async () => {
        const c = new Client({ connectionString: url });
        await c.connect();
        let v = 0;
        for (;;) {
          const n = take(5);
          if (n === 0) break;
          await c.query('BEGIN');
          await c.query(
            `INSERT INTO events (stream_id, stream_version, event_type, data)
             SELECT 'slow', $1::int + g, 'Tick', '{}' FROM generate_series(1, $2::int) g`,
            [v, n],
          );
          await c.query('SELECT pg_sleep(0.01)');
          await c.query('COMMIT');
          v += n;
        }
        await c.end();
      };
      await Promise.all([...Array.from({ length: 7 }, (_, w) => fastWriter(w)), slowWriter()]);
      const runner = app.get(ProjectionRunner);
      await runner.catchUp();
      const [{ seen, distinct }] = (
        await bootstrap.query(`SELECT count(*)::int AS seen, count(DISTINCT global_position)::int AS distinct FROM seen`)
      ).rows;
      const [{ total }] = (await bootstrap.query(`SELECT count(*)::int AS total FROM events`)).rows;
      expect(total).toBe(TOTAL);
      expect(seen).toBe(TOTAL);
      expect(distinct).toBe(TOTAL);
      // Within every stream, versions arrived as 1, 2, 3, ... with no gap and no reordering.
      const bad = await bootstrap.query(`
        SELECT stream_id FROM (
          SELECT stream_id, stream_version, row_number() OVER (PARTITION BY stream_id ORDER BY arrival) AS rn FROM seen_arrival
        ) x WHERE stream_version <> rn LIMIT 5`);
      expect(bad.rows).toEqual([]);
    } finally {
      await bootstrap.end();
      await app.close();
    }
  });

  it('rebuilds every projection from position 0 into exactly the live rows', async () => {
    const ctx = await startTestDomain();
    try {
      const c = ctx.commands;
      const creator = await registerWalletUser(c, undefined, 'creator_one');
      const earners = await Promise.all([1, 2, 3, 4].map((i) => registerWalletUser(c, undefined, `earner_${i}`)));
      await c.execute(new UpdateProfileCommand(creator.id, { bio: 'I post tasks', email: 'c@example.com', profileImage: '/api/uploads/x.png' }));
      await c.execute(new SetUsernameCommand(earners[0].id, 'renamed_earner'));
      const tasks = [
        await createFundedTask(c, creator, { reward: 10, maxCompletions: 3 }),
        await createFundedTask(c, creator, { reward: 25, maxCompletions: 2, category: 'Design' }),
      ];
      for (const taskId of tasks) {
        for (const [i, e] of earners.slice(0, 2).entries()) {
          const s: number = await c.execute(new SubmitProofCommand(e.id, taskId, { proofLink: null, proofText: `proof ${i}`, proofFileUrl: null, notes: 'n' }));
          await c.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s, i === 0 ? 'approved' : 'rejected', i === 0 ? 'good' : 'bad'));
          // The first task's release pays its reward; the second's pays 1 CENT instead of 25: a payout anomaly.
          if (i === 0) await applyLogs(c, taskId, releasedLog(taskId, s, e.wallet, centToBaseUnits(taskId === tasks[0] ? 10 : 1)));
        }
      }
      await c.execute(new SetTaskActiveCommand({ id: creator.id, isAdmin: false }, tasks[1], false));
      const tables = ['users', 'tasks', 'submissions', 'leaderboard'];
      const dump = async () => {
        const out: Record<string, unknown[]> = {};
        for (const t of tables) out[t] = await ctx.dataSource.query(`SELECT * FROM ${t} ORDER BY 1`);
        return out;
      };
      const live = await dump();
      expect(live.submissions).toHaveLength(4);
      expect(live.leaderboard).toEqual([expect.objectContaining({ user_id: earners[0].id, total_earned: '10', completed_tasks: 1 })]);
      expect(live.tasks.map((t: any) => t.anomalies.map((a: any) => a.kind))).toEqual([[], ['wrong_amount']]);
      const replayed = await ctx.projections.rebuild();
      expect(replayed).toBeGreaterThan(20);
      expect(await dump()).toEqual(live);
    } finally {
      await ctx.close();
    }
  });

  it('does not build on rows it remembers once another process has moved the read models', async () => {
    const a = await startTestDomain();
    const b = await startTestDomain({}, a.databaseUrl);
    try {
      const creator = await registerWalletUser(a.commands);
      const earners = await Promise.all([1, 2, 3, 4].map(() => registerWalletUser(a.commands)));
      const taskId = await createFundedTask(a.commands, creator, { maxCompletions: 10 });
      await a.commands.execute(new SubmitProofCommand(earners[0].id, taskId, PROOF));
      // Only the other process applies the next events; then this one picks up again after them.
      await a.projections.stop();
      await b.commands.execute(new SubmitProofCommand(earners[1].id, taskId, PROOF));
      const s2: number = await b.commands.execute(new SubmitProofCommand(earners[2].id, taskId, PROOF));
      await b.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s2, 'approved', null));
      await b.projections.stop();
      a.projections.start();
      await a.commands.execute(new SubmitProofCommand(earners[3].id, taskId, PROOF));
      const { live, rebuilt } = await countersAndRebuilt(a, taskId);
      expect(live).toEqual({ total_submissions: 4, pending_submissions: 3, completions: 1 });
      expect(rebuilt).toEqual(live);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('tells caches which events another process applied, read in the same round trip; only the range when there are too many', async () => {
    const a = await startTestDomain();
    const b = await startTestDomain({}, a.databaseUrl);
    const heard: Array<UnseenRange | null> = [];
    b.projections.onUnseenChanges((moved) => void heard.push(moved));
    /** What `a` stored after `from`: the events `b` has to hear of. */
    const storedAfter = async (from: Checkpoint) => (await a.app.get(EventStore).readAll(from, 10_000)).map((e) => e.globalPosition);
    try {
      await b.projections.stop();
      await b.projections.catchUp();
      const from = b.projections.position;
      heard.length = 0;
      // A few events, applied by `a` alone: `b`'s next batch hands over exactly those, once, in store order.
      const creator = await registerWalletUser(a.commands);
      const taskId = await createFundedTask(a.commands, creator, { maxCompletions: 10 });
      await a.commands.execute(new SubmitProofCommand((await registerWalletUser(a.commands)).id, taskId, PROOF));
      await a.projections.waitForOwnAppends();
      await b.projections.catchUp();
      expect(heard.every((m) => m?.events)).toBe(true);
      expect(heard.flatMap((m) => m!.events!.map((e) => e.globalPosition))).toEqual(await storedAfter(from));
      expect(heard[heard.length - 1]!.through).toEqual(b.projections.position);

      // More than one read may hold: the range alone, which a cache then reads from the store itself.
      const before = b.projections.position;
      heard.length = 0;
      await Promise.all(Array.from({ length: UNSEEN_EVENTS_MAX + 1 }, () => registerWalletUser(a.commands)));
      await a.projections.waitForOwnAppends();
      await b.projections.catchUp();
      expect(heard).toEqual([{ after: before, through: b.projections.position }]);
      expect((await storedAfter(before)).length).toBeGreaterThan(UNSEEN_EVENTS_MAX);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('does not queue behind another process\'s batch: its waiters are released from the committed checkpoints', async () => {
    const a = await startTestDomain();
    const b = await startTestDomain({}, a.databaseUrl);
    const holder = new Client({ connectionString: a.databaseUrl });
    await holder.connect();
    try {
      await b.projections.stop();
      // `a` applies its own event; `b` has not looked since.
      await registerWalletUser(a.commands);
      await a.projections.waitForOwnAppends();
      const target = a.app.get(EventStore).latestAppended!;
      expect(b.projections.position).not.toEqual(target);
      // Another process's batch holds the projections (as long as it likes).
      await holder.query('BEGIN');
      await holder.query(lockProjectionsSql('wait'));
      b.projections.start();
      const waited = b.projections.waitFor(target, 60_000).then(() => 'released');
      const outcome = await Promise.race([waited, new Promise((r) => setTimeout(() => r('still queued'), 5_000))]);
      expect(outcome).toBe('released');
      expect(b.projections.position).toEqual(target);
      // The holder done, `b` applies again: its own command is shown.
      await holder.query('COMMIT');
      const creator = await registerWalletUser(b.commands);
      await b.projections.waitForOwnAppends();
      expect(await b.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE id = $1`, [creator.id])).toEqual([{ n: 1 }]);
    } finally {
      await holder.end();
      await b.close();
      await a.close();
    }
  });

  it('waits for the lock\'s holder to commit instead of polling every few ms, and applies once it has', async () => {
    const a = await startTestDomain();
    const b = await startTestDomain({}, a.databaseUrl);
    const holder = new Client({ connectionString: a.databaseUrl });
    await holder.connect();
    const runs = jest.spyOn(ProjectionBatches.prototype, 'run');
    try {
      await a.projections.stop();
      // Another process's batch holds the projections while `b` waits for an event only a batch can apply. The lock
      // is taken before the event exists: `b`'s live loop runs, and would otherwise apply it in between.
      await holder.query('BEGIN');
      await holder.query(lockProjectionsSql('wait'));
      await a.app.get(EventStore).append('lock-test', 0, [{ type: 'Tick', data: {} }]);
      const target = a.app.get(EventStore).latestAppended!;
      runs.mockClear();
      let released = false;
      const waited = b.projections.waitFor(target, 60_000).then(() => (released = true));
      await new Promise((r) => setTimeout(r, 1_000));
      expect(released).toBe(false);
      // One look per DEFERRED_POLL_MS (25 ms) at most, not one per WAITING_POLL_MS (5 ms): ~40 in a second.
      expect(runs.mock.calls.length).toBeGreaterThan(0);
      expect(runs.mock.calls.length).toBeLessThan(100);
      // The holder commits (and notifies, as a batch does): `b` takes the lock and applies the event.
      await holder.query(`NOTIFY ${CHECKPOINTS_MOVED_CHANNEL}; COMMIT`);
      await waited;
      expect(compareCheckpoints(b.projections.position, target)).toBeGreaterThanOrEqual(0);
    } finally {
      runs.mockRestore();
      await holder.end();
      await b.close();
      await a.close();
    }
  });

  it('gathers appends nobody waits for into a batch per GATHER_MS instead of a batch each', async () => {
    const ctx = await startTestDomain();
    const store = ctx.app.get(EventStore);
    const runs = jest.spyOn(ProjectionBatches.prototype, 'run');
    try {
      await ctx.projections.waitForOwnAppends();
      runs.mockClear();
      // Appends as the scheduler's decisions come (nobody in this process waits for them), one after another.
      const appends = 16;
      const t0 = performance.now();
      for (let i = 0; i < appends; i++) await store.append(`gather-${i}`, 0, [{ type: 'Tick', data: {} }]);
      const span = performance.now() - t0;
      const during = runs.mock.calls.length;
      // At most one batch per gathering window and one per idle poll over the span, and the ones in flight at
      // either end. (A slow machine widens the span and the bound with it; appends a few ms apart stay far below.)
      expect(during).toBeLessThanOrEqual(Math.ceil(span / GATHER_MS) + Math.ceil(span / IDLE_POLL_MS) + 2);
      // Then waited for, they all show.
      await ctx.projections.waitForOwnAppends();
      expect(compareCheckpoints(ctx.projections.position, store.latestAppended!)).toBeGreaterThanOrEqual(0);
    } finally {
      runs.mockRestore();
      await ctx.close();
    }
  });

  it('prepares a batch\'s reads once per connection and runs them on generic plans (PostgreSQL does not plan each batch again)', async () => {
    const ctx = await startTestDomain();
    const qr = ctx.dataSource.createQueryRunner();
    await qr.connect();
    try {
      // A projection of its own beside the domain's (whose runner goes on: commands wait for it), on one connection.
      const applied: bigint[] = [];
      const probe: Projection = { name: 'zz_probe', tables: [], apply: async (events) => void applied.push(...events.map((e) => e.globalPosition)) };
      let reached: Checkpoint = START;
      const batches = new ProjectionBatches(ctx.dataSource, () => [probe], () => reached, (b) => void (reached = b.reached));
      for (let i = 0; i < 8; i++) {
        await registerWalletUser(ctx.commands);
        await batches.run(2000, { held: qr });
      }
      // Every event once, in store order, as before.
      expect(applied).toEqual((await ctx.app.get(EventStore).readAll(START, 10_000)).map((e) => e.globalPosition));
      const plans: Array<{ name: string; generic_plans: string; custom_plans: string }> = await qr.query(
        `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'cent_projection%' ORDER BY name`,
      );
      expect(plans.map((p) => p.name)).toEqual(['cent_projection_checkpoints', 'cent_projection_events_2000', 'cent_projection_unseen']);
      // At most PostgreSQL's five trial custom plans each; the rest of the eight batches ran the generic plan.
      for (const p of plans) expect({ name: p.name, generic: Number(p.generic_plans) > 0, custom: Number(p.custom_plans) <= 5 }).toEqual({ name: p.name, generic: true, custom: true });
      // A session that lost them (someone's DISCARD ALL): that batch fails, and the next prepares them again.
      await qr.query('DEALLOCATE ALL');
      await registerWalletUser(ctx.commands);
      await expect(batches.run(2000, { held: qr })).rejects.toMatchObject({ code: '26000' });
      await batches.run(2000, { held: qr });
      expect(applied).toEqual((await ctx.app.get(EventStore).readAll(START, 10_000)).map((e) => e.globalPosition));
    } finally {
      await qr.release();
      await ctx.close();
    }
  });

  it('a batch whose checkpoints another writer moved meanwhile rolls back whole (a moment\'s fault), never applies twice', async () => {
    const ctx = await startTestDomain();
    const sql = new Client({ connectionString: ctx.databaseUrl });
    await sql.connect();
    try {
      await registerWalletUser(ctx.commands);
      await ctx.projections.waitForOwnAppends();
      const rows = (await sql.query(`SELECT name, last_transaction_id, last_position FROM projection_checkpoints ORDER BY name`)).rows;
      const names: string[] = rows.map((r) => r.name);
      const read = rows.map((r) => ({ transactionId: BigInt(r.last_transaction_id), position: BigInt(r.last_position) }));
      const to = { transactionId: read[0].transactionId + 1n, position: read[0].position + 1n };
      // Another writer (a process that locked the rows instead of the advisory lock) moved one checkpoint.
      await sql.query(`UPDATE projection_checkpoints SET last_position = last_position + 1 WHERE name = $1`, [names[0]]);
      await sql.query('BEGIN');
      const failed = await sql.query(moveCheckpointsSql(names, read, to)).catch((err) => err);
      await sql.query('ROLLBACK');
      expect(failed).toBeInstanceOf(Error);
      expect(codeOf(failed)).toBe(CHECKPOINTS_MOVED_ELSEWHERE);
      expect(isEventFault(failed)).toBe(false);
      const after = (await sql.query(`SELECT last_position FROM projection_checkpoints ORDER BY name`)).rows.map((r) => BigInt(r.last_position));
      expect(after).toEqual(read.map((c, i) => (i === 0 ? c.position + 1n : c.position)));
      // As read, it moves every checkpoint.
      await sql.query(`UPDATE projection_checkpoints SET last_position = last_position - 1 WHERE name = $1`, [names[0]]);
      await sql.query(`BEGIN; ${moveCheckpointsSql(names, read, to)}; COMMIT`);
      const moved = (await sql.query(`SELECT DISTINCT last_position FROM projection_checkpoints`)).rows.map((r) => BigInt(r.last_position));
      expect(moved).toEqual([to.position]);
    } finally {
      await sql.end();
      await ctx.close();
    }
  });

  it('a batch that rolls back leaves nothing of it remembered: the retry folds its events once', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DomainModule.forRoot(testConfig(), await createTestDatabase())],
      providers: [FailsOnceProjection],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const commands = app.get(CommandBus);
      const creator = await registerWalletUser(commands);
      const earner = await registerWalletUser(commands);
      const taskId = await createFundedTask(commands, creator, { maxCompletions: 10 });
      await commands.execute(new SubmitProofCommand(earner.id, taskId, PROOF));
      expect(app.get(FailsOnceProjection).failed).toBe(true);
      const { live, rebuilt } = await countersAndRebuilt({ dataSource: app.get(DataSource), projections: app.get(ProjectionRunner) }, taskId);
      expect(live).toEqual({ total_submissions: 1, pending_submissions: 1, completions: 0 });
      expect(rebuilt).toEqual(live);
    } finally {
      await app.close();
    }
  });
  describe('an event a projection cannot apply', () => {
    let app: Awaited<ReturnType<typeof startPicky>>;
    async function startPicky() {
      const url = await createTestDatabase();
      const moduleRef = await Test.createTestingModule({ imports: [DomainModule.forRoot(testConfig(), url)], providers: [PickyProjection] }).compile();
      const nest = moduleRef.createNestApplication({ logger: false });
      const bootstrap = new Client({ connectionString: url });
      await bootstrap.connect();
      await nest.get(DataSource).initialize().catch(() => undefined);
      await bootstrap.query(`CREATE TABLE IF NOT EXISTS picky_seen (global_position bigint PRIMARY KEY)`);
      await bootstrap.end();
      await nest.init();
      return nest;
    }
    beforeEach(async () => {
      app = await startPicky();
    });
    afterEach(() => app.close());
    const seen = async () =>
      (await app.get(DataSource).query(`SELECT global_position::text AS p FROM picky_seen ORDER BY 1`)).map((r: { p: string }) => r.p);
    const quarantine = () =>
      app.get(DataSource).query(`SELECT projection, global_position::text AS position, event_type, error, error_code, attempts FROM projection_quarantine`);

    it('is set aside for that projection only; the others apply it, later events go on; retry-quarantined applies it once it can', async () => {
      const store = app.get(EventStore);
      const picky = app.get(PickyProjection);
      const creator = await registerWalletUser(app.get(CommandBus));
      const before = await store.append('picky-1', 0, [{ type: 'Tick', data: {} }]);
      const poison = await store.append('picky-1', 1, [{ type: 'Poison', data: {} }]);
      const after = await store.append('picky-1', 2, [{ type: 'Tick', data: {} }]);
      // The live loop applies them; so does every other projection, including a later user.
      const later = await registerWalletUser(app.get(CommandBus));
      await app.get(ProjectionRunner).waitForOwnAppends(5000);
      const [pos1, pos2, pos3] = [before, poison, after].map((r) => r.checkpoint!.position.toString());
      const all = (await seen()).filter((p: string) => [pos1, pos2, pos3].includes(p));
      expect(all).toEqual([pos1, pos3]);
      expect(await quarantine()).toEqual([
        { projection: 'zz_picky', position: pos2, event_type: 'Poison', error: "Cannot read properties of undefined (reading 'field')", error_code: null, attempts: 1 },
      ]);
      const users = await app.get(DataSource).query(`SELECT id FROM users WHERE id = ANY($1) ORDER BY id`, [[creator.id, later.id]]);
      expect(users).toHaveLength(2);
      expect(await app.get(QuarantineQueries).count()).toBe(1);

      // Still refused: stays, one more attempt.
      expect(await app.get(ProjectionRunner).retryQuarantined()).toEqual({ projections: ['zz_picky'], stillQuarantined: 1 });
      expect((await quarantine())[0].attempts).toBe(2);
      // The projection can now: the event applies in its place, the quarantine is empty, other read models untouched.
      picky.refuse = false;
      expect(await app.get(ProjectionRunner).retryQuarantined()).toEqual({ projections: ['zz_picky'], stillQuarantined: 0 });
      expect((await seen()).filter((p: string) => [pos1, pos2, pos3].includes(p))).toEqual([pos1, pos2, pos3]);
      expect(await quarantine()).toEqual([]);
      expect(await app.get(ProjectionRunner).retryQuarantined()).toEqual({ projections: [], stillQuarantined: 0 });
    });

    it('an error text PostgreSQL cannot store (NUL, lone surrogates) is quarantined readable', async () => {
      const garbled = await app.get(EventStore).append('picky-3', 0, [{ type: 'Garbled', data: { text: 'emoji 😀 kept' } }]);
      const after = await app.get(EventStore).append('picky-3', 1, [{ type: 'Tick', data: {} }]);
      await app.get(ProjectionRunner).waitForOwnAppends(5000);
      expect(await seen()).toContain(after.checkpoint!.position.toString());
      expect(await quarantine()).toEqual([expect.objectContaining({
        position: garbled.checkpoint!.position.toString(), error: 'bad \ufffd byte, lone \ufffd surrogate, emoji 😀 kept',
      })]);
    });

    it('a moment\'s fault (serialization failure) is retried, never set aside', async () => {
      const store = app.get(EventStore);
      const picky = app.get(PickyProjection);
      picky.transient = 3;
      const flaky = await store.append('picky-2', 0, [{ type: 'Flaky', data: {} }]);
      await app.get(ProjectionRunner).waitForOwnAppends(10_000);
      expect(picky.transient).toBe(0);
      expect(await seen()).toContain(flaky.checkpoint!.position.toString());
      expect(await quarantine()).toEqual([]);
    });
  });
});
