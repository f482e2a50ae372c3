import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { PoolClient, QueryResult, escapeLiteral } from 'pg';
import { DataSource, QueryRunner } from 'typeorm';
import { EventRow, toStoredEvent, visibleEventsAfter } from '../event-store/event-row';
import { EventStore } from '../event-store/event-store';
import { Checkpoint, START, StoredEvent, compareCheckpoints } from '../event-store/stored-event';
import { Projection, ProjectionBatch, ReadModelProjection } from './projection';
import { isEventFault } from './projection-error';
import { QuarantinedEvent, clearRetried, markForRetry, recordQuarantine } from './projection-quarantine';
import { inlineParams } from './sql-literal';

/** An open batch: its transaction holds the checkpoint locks; the checkpoints and the events after them. */
interface Opened {
  checkpoints: Checkpoint[];
  events: StoredEvent[];
}

/**
 * Events another process (a replica, the indexer) applied to the read models: those after `after` up to and
 * including `through`, in store order. This process saw no row they changed.
 */
export interface UnseenRange {
  after: Checkpoint;
  through: Checkpoint;
}

/**
 * Told when the read models moved without this process seeing which rows changed (see `onUnseenChanges`):
 * the range another process applied, or null when the read models were emptied and replayed (a rebuild).
 */
export type UnseenChangesListener = (moved: UnseenRange | null) => void;

/** Live batches stay small (latency); catch-up and rebuild read bigger ones (fewer round trips per event). */
const BATCH = 2000;
const CATCH_UP_BATCH = 10_000;
// Appends from other processes (replicas, the indexer) are picked up by polling.
const IDLE_POLL_MS = 100;

/**
 * Feeds every projection from the event store. One batch = one transaction: lock the projections'
 * checkpoint rows (so several backend replicas never apply the same events twice), read the events after
 * the lowest checkpoint, let each projection apply those after its own, and move each checkpoint.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ProjectionRunner.name);
  private projections: Projection[] = [];
  private reached: Checkpoint = START;
  private waiters: Array<{ target: Checkpoint; resolve: () => void }> = [];
  private stopped = true;
  private wake: (() => void) | null = null;
  private pendingWake = false;
  /** An append committed in this process since the current batch started reading. */
  private pendingAppend = false;
  private loop: Promise<void> | null = null;
  private readonly unseenListeners = new Set<UnseenChangesListener>();
  /** Each projection's checkpoint as this process last locked or moved it (see RowProjection's remembered rows). */
  private applied: Array<Checkpoint | undefined> = [];
  /** The end of the last batch started in this process: the next one starts after it. */
  private batchTail: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly discovery: DiscoveryService,
  ) {}

  private discover(): void {
    if (this.projections.length) return;
    this.projections = this.discovery
      .getProviders({ metadataKey: ReadModelProjection.KEY })
      .map((w) => w.instance as Projection)
      .sort((a, b) => a.name.localeCompare(b.name));
    const names = new Set(this.projections.map((p) => p.name));
    if (names.size !== this.projections.length) throw new Error('two projections share a name');
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  /**
   * How far the read models are known to have got (moves whenever they change, also when another replica
   * applied the events). Read caches key on it: a value read before the read models moved is stale.
   */
  get position(): Checkpoint {
    return this.reached;
  }

  /**
   * Projections tell caches what changed through `ProjectionBatch.afterCommit`; this covers the rest: read
   * models moved by another process (a replica, the indexer: the range of events it applied, which a cache can
   * read from the store) or emptied by a rebuild (null). The listener runs before anyone waiting for that
   * position is released. Returns the unsubscribe function.
   */
  onUnseenChanges(listener: UnseenChangesListener): () => void {
    this.unseenListeners.add(listener);
    return () => this.unseenListeners.delete(listener);
  }

  private unseenChanges(moved: UnseenRange | null): void {
    for (const listener of this.unseenListeners) listener(moved);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Before the database connections close (TypeORM closes them at application shutdown). */
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    this.discover();
    if (!this.stopped) return;
    this.stopped = false;
    this.store.notifications.on('appended', this.onAppended);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.store.notifications.off('appended', this.onAppended);
    this.poke();
    await this.loop;
    this.loop = null;
  }

  private readonly onAppended = () => {
    this.pendingAppend = true;
    this.poke();
  };

  private poke(): void {
    this.pendingWake = true;
    this.wake?.();
  }

  /**
   * Resolves once every projection has applied the event at `target` (read-your-writes for commands).
   * The events are committed already, so after `timeoutMs` it resolves anyway (and says so in the log):
   * a command that succeeded must not answer as failed because a read model lags.
   */
  waitFor(target: Checkpoint | null, timeoutMs = 10_000): Promise<void> {
    if (!target || compareCheckpoints(this.reached, target) >= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        this.logger.warn(`read models are more than ${timeoutMs} ms behind position ${target.position}`);
        resolve();
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ target, resolve: done });
      this.poke();
    });
  }

  /** Resolves once the read models show everything this process has appended so far. */
  waitForOwnAppends(timeoutMs?: number): Promise<void> {
    return this.waitFor(this.store.latestAppended, timeoutMs);
  }

  /**
   * Applies every event committed before the call; returns how many events were read (rebuild, tests).
   * Events are only read below the oldest running transaction, so a long transaction anywhere in the
   * cluster can hold them back: this waits until every transaction older than the call has finished.
   */
  async catchUp(): Promise<number> {
    this.discover();
    const [{ horizon }]: Array<{ horizon: string }> = await this.dataSource.query(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon`,
    );
    let total = 0;
    let settled = false;
    for (;;) {
      const n = await this.runBatch(CATCH_UP_BATCH).catch((err) => {
        // An event a projection cannot apply: the same batch again, event by event where it fails.
        if (!isEventFault(err)) throw err;
        return this.runBatch(CATCH_UP_BATCH, undefined, false, true);
      });
      total += n;
      if (n === CATCH_UP_BATCH) continue;
      // One more batch after the horizon is clear picks up what committed in between.
      if (settled) return total;
      const [{ clear }]: Array<{ clear: boolean }> = await this.dataSource.query(
        `SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS clear`,
        [horizon],
      );
      settled = clear;
      if (!settled) await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * The live loop keeps one connection for itself instead of taking one from the shared pool per batch:
   * under a burst of reads every pooled connection can be busy, and a runner queued behind them holds up
   * every command waiting to see its events. A failed batch gives its connection back (it may be broken).
   */
  private async run(): Promise<void> {
    let own: QueryRunner | null = null;
    try {
      await this.runLoop(async () => {
        if (own && !own.isReleased) return own;
        own = this.dataSource.createQueryRunner();
        await own.connect();
        return own;
      }, () => {
        void own?.release().catch(() => undefined);
        own = null;
      });
    } finally {
      await (own as QueryRunner | null)?.release().catch(() => undefined);
    }
  }

  private async runLoop(connection: () => Promise<QueryRunner>, dropConnection: () => void): Promise<void> {
    let failures = 0;
    /** The last batch failed because of some event: apply the next one carefully (see runCarefulBatch). */
    let careful = false;
    while (!this.stopped) {
      this.pendingWake = false;
      this.pendingAppend = false;
      try {
        const n = await this.runBatch(BATCH, await connection(), !careful, careful);
        failures = 0;
        careful = false;
        // Events committed while the batch ran (the usual case under a stream of commands): read them now,
        // not after the waiters' poll interval, which would add to every command's latency.
        if (n === BATCH || this.pendingAppend) continue;
      } catch (err) {
        // A failed batch rolled back whole (checkpoints included): retry it, backing off while it keeps failing.
        dropConnection();
        failures++;
        // Only the event's fault is isolated; a moment's fault (connection, timeout, lock) is retried as is.
        careful = careful || isEventFault(err);
        if (failures === 1 || failures % 20 === 0) {
          this.logger.error(`projection batch failed (${failures}x): ${(err as Error).message}`, (err as Error).stack);
        }
        // A careful batch follows at once the first time: an event's fault must not hold everyone back.
        const wait = careful && failures === 1 ? 0 : Math.min(5_000, 50 * 2 ** Math.min(failures, 7));
        await new Promise((r) => setTimeout(r, wait));
      }
      if (this.stopped) break;
      if (this.pendingWake && this.waiters.length === 0) continue;
      // Waiters may target a transaction that is committed but still behind an older running one:
      // poll briefly for them instead of sleeping the full idle interval.
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.waiters.length ? 5 : IDLE_POLL_MS);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
        if (this.pendingWake && this.waiters.length === 0) this.wake();
      });
      this.wake = null;
    }
  }

  /**
   * Batches on `held` (the live loop's own connection, kept) or on a pooled connection (given back); the
   * number of events the last one read. Batches of this process run one at a time (they would queue on the
   * checkpoint locks anyway): what the projections remember between batches is then only ever used after
   * the batch that wrote it has ended.
   *
   * `chain` (the live loop): while events keep coming — appends of this process committed during a batch, or
   * a full batch — the next batch is opened in the same round trip as the current one commits, so a steady
   * stream of commands costs one round trip per batch.
   */
  private runBatch(limit: number, held?: QueryRunner, chain = false, careful = false): Promise<number> {
    const run = this.batchTail.then(async () => {
      const qr = held ?? this.dataSource.createQueryRunner();
      if (!held) await qr.connect();
      try {
        if (careful) return await this.runCarefulBatch(limit, qr);
        let opened: Opened | null = null;
        for (;;) {
          const { read, next } = await this.runOneBatch(limit, qr, opened, (n) => chain && this.chainNext(n, limit));
          if (!next) return read;
          opened = next;
        }
      } finally {
        if (!held) await qr.release();
      }
    });
    this.batchTail = run.then(() => undefined, () => undefined);
    return run;
  }

  /** Open the next batch at once: appends of this process committed since the last one opened, or this one was full. */
  private chainNext(read: number, limit: number): boolean {
    if (this.stopped || (read < limit && !this.pendingAppend)) return false;
    this.pendingAppend = false;
    return true;
  }

  /**
   * One batch, in two round trips (one when `opened` already holds its transaction, locks and events): the
   * first opens the transaction, locks the checkpoints and reads the events after them; the second runs the
   * projections' queued writes, moves the checkpoints and commits (and opens the next batch if `chainNext`).
   */
  private async runOneBatch(
    limit: number,
    qr: QueryRunner,
    opened: Opened | null,
    chainNext: (read: number) => boolean,
  ): Promise<{ read: number; next: Opened | null }> {
    const client = (qr as unknown as { databaseConnection: PoolClient }).databaseConnection;
    let read = 0;
    let low: Checkpoint = START;
    let movedElsewhere: UnseenRange | null = null;
    let next: Opened | null = null;
    const afterCommit: Array<() => void> = [];
    const writes: string[] = [];
    const batch: ProjectionBatch = {
      afterCommit: (fn) => void afterCommit.push(fn),
      write: (sql, params) => void writes.push(inlineParams(sql, params)),
    };
    try {
      const { checkpoints, events } = opened ?? (await this.open(client, limit));
      low = checkpoints.reduce((m, c) => (compareCheckpoints(c, m) < 0 ? c : m), checkpoints[0] ?? START);
      // Past where this process last saw them: someone else applied the events in between (up to the highest
      // checkpoint: a projection ahead of the lowest had those after the lowest applied elsewhere too).
      const high = checkpoints.reduce((m, c) => (compareCheckpoints(c, m) > 0 ? c : m), START);
      if (compareCheckpoints(high, this.reached) > 0) movedElsewhere = { after: this.reached, through: high };
      this.projections.forEach((p, i) => {
        const mine = this.applied[i];
        if (!mine || compareCheckpoints(mine, checkpoints[i]) !== 0) p.forget?.();
        this.applied[i] = checkpoints[i];
      });
      read = events.length;
      if (!events.length) {
        await client.query('COMMIT');
      } else {
        const last = events[events.length - 1];
        const lastCp: Checkpoint = { transactionId: last.transactionId, position: last.globalPosition };
        for (let i = 0; i < this.projections.length; i++) {
          const own = checkpoints[i];
          const fresh = events.filter((e) => compareCheckpoints({ transactionId: e.transactionId, position: e.globalPosition }, own) > 0);
          if (fresh.length) await this.projections[i].apply(fresh, qr, batch);
        }
        const chained = chainNext(read);
        // set_config(..., true) = SET LOCAL synchronous_commit = off. Read models are derived: a crash that
        // loses this commit loses its checkpoint move with it, and the events (committed durably by their
        // appends) are applied again on restart. So a batch does not wait for its own WAL flush (other
        // sessions see it at once either way): one fsync less per batch.
        const results = (await client.query(
          [
            ...writes,
            `SELECT set_config('synchronous_commit', 'off', true)`,
            `UPDATE projection_checkpoints
                SET last_transaction_id = '${lastCp.transactionId}'::xid8, last_position = ${lastCp.position}, updated_at = now()
              WHERE name IN (${this.nameList})`,
            'COMMIT',
            ...(chained ? [this.openSql(limit)] : []),
          ].join(';\n'),
        )) as unknown as QueryResult[];
        this.applied = this.projections.map(() => lastCp);
        low = lastCp;
        if (chained) next = await this.opened(client, limit, results[results.length - 2], results[results.length - 1]);
      }
    } catch (err) {
      // Rolled back whole (checkpoints included): what the projections remember of it never happened.
      await client.query('ROLLBACK').catch(() => undefined);
      this.forgetAll();
      throw err;
    }
    if (movedElsewhere) this.unseenChanges(movedElsewhere);
    for (const fn of afterCommit) {
      try {
        fn();
      } catch (err) {
        this.logger.error(`after-commit hook failed: ${(err as Error).message}`, (err as Error).stack);
      }
    }
    this.advance(low);
    return { read, next };
  }

  /**
   * A batch after one failed because of an event: the same events, each projection under a savepoint with
   * all of them first (as cheap as a plain batch when they apply), halving the part that fails until the one
   * event it cannot apply is found. That event is set aside for THAT projection only (projection_quarantine,
   * admins told), in this transaction; every other event and projection moves on. A failure that is not the
   * event's (connection, timeout) rolls the whole batch back for the loop to retry.
   */
  private async runCarefulBatch(limit: number, qr: QueryRunner): Promise<number> {
    const client = (qr as unknown as { databaseConnection: PoolClient }).databaseConnection;
    const afterCommit: Array<() => void> = [];
    const quarantined: QuarantinedEvent[] = [];
    let read = 0;
    let low: Checkpoint = START;
    this.forgetAll();
    try {
      const { checkpoints, events } = await this.open(client, limit);
      read = events.length;
      low = checkpoints.reduce((m, c) => (compareCheckpoints(c, m) < 0 ? c : m), checkpoints[0] ?? START);
      if (!events.length) {
        await client.query('COMMIT');
      } else {
        const last = events[events.length - 1];
        const lastCp: Checkpoint = { transactionId: last.transactionId, position: last.globalPosition };
        for (let i = 0; i < this.projections.length; i++) {
          const p = this.projections[i];
          const fresh = events.filter((e) => compareCheckpoints({ transactionId: e.transactionId, position: e.globalPosition }, checkpoints[i]) > 0);
          if (fresh.length) await this.applyIsolating(p, fresh, qr, client, afterCommit, quarantined);
        }
        await recordQuarantine(client, quarantined);
        await client.query(
          `UPDATE projection_checkpoints
              SET last_transaction_id = $1::xid8, last_position = $2, updated_at = now()
            WHERE name = ANY($3)`,
          [lastCp.transactionId.toString(), lastCp.position.toString(), this.names],
        );
        await client.query('COMMIT');
        this.applied = this.projections.map(() => lastCp);
        low = lastCp;
      }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      this.forgetAll();
      throw err;
    }
    for (const q of quarantined) {
      this.logger.error(
        `projection ${q.projection} set aside event ${q.event.globalPosition} (${q.event.type}, ${q.event.streamId}): ${(q.error as Error)?.message ?? q.error}`,
      );
    }
    // Other processes may have moved the read models too; caches must not trust what they hold.
    this.unseenChanges(null);
    for (const fn of afterCommit) {
      try {
        fn();
      } catch (err) {
        this.logger.error(`after-commit hook failed: ${(err as Error).message}`, (err as Error).stack);
      }
    }
    this.advance(low);
    return read;
  }

  /** Applies `events` to `p` under a savepoint; on the event's fault, halves them until the culprit is alone. */
  private async applyIsolating(
    p: Projection,
    events: StoredEvent[],
    qr: QueryRunner,
    client: PoolClient,
    afterCommit: Array<() => void>,
    quarantined: QuarantinedEvent[],
  ): Promise<void> {
    const writes: string[] = [];
    const hooks: Array<() => void> = [];
    const batch: ProjectionBatch = {
      afterCommit: (fn) => void hooks.push(fn),
      write: (sql, params) => void writes.push(inlineParams(sql, params)),
    };
    await client.query('SAVEPOINT projection_apply');
    try {
      await p.apply(events, qr, batch);
      if (writes.length) await client.query(writes.join(';\n'));
      await client.query('RELEASE SAVEPOINT projection_apply');
      afterCommit.push(...hooks);
      return;
    } catch (err) {
      if (!isEventFault(err)) throw err;
      // Fails too when the connection is gone: then it was not the event's fault, and the batch is retried.
      await client.query('ROLLBACK TO SAVEPOINT projection_apply; RELEASE SAVEPOINT projection_apply');
      // What it folded of the failed attempt never happened.
      p.forget?.();
      if (events.length === 1) {
        quarantined.push({ projection: p.name, event: events[0], error: err });
        return;
      }
    }
    const half = Math.ceil(events.length / 2);
    await this.applyIsolating(p, events.slice(0, half), qr, client, afterCommit, quarantined);
    await this.applyIsolating(p, events.slice(half), qr, client, afterCommit, quarantined);
  }

  private forgetAll(): void {
    for (const p of this.projections) p.forget?.();
    this.applied = [];
  }

  /** The projections' names as an SQL list of literals (they are code, but quoted all the same). */
  private get nameList(): string {
    return this.names.map((n) => escapeLiteral(n)).join(', ');
  }

  /**
   * Opens a batch: starts its transaction, locks every projection's checkpoint row (so several backend
   * replicas never apply the same events twice) and reads the events after the lowest, as three statements
   * sent at once (the read is its own statement, so under READ COMMITTED it sees the checkpoints as locked).
   */
  private openSql(limit: number): string {
    return `START TRANSACTION ISOLATION LEVEL READ COMMITTED; ${this.lockAndReadSql(limit)}`;
  }

  private lockAndReadSql(limit: number): string {
    const names = this.nameList;
    return `
      SELECT name, last_transaction_id, last_position
        FROM projection_checkpoints
       WHERE name IN (${names}) ORDER BY name FOR UPDATE;
      ${visibleEventsAfter(
        `(SELECT last_transaction_id, last_position FROM projection_checkpoints WHERE name IN (${names}) ORDER BY 1, 2 LIMIT 1)`,
        String(limit),
      )}`;
  }

  private async open(client: PoolClient, limit: number): Promise<Opened> {
    const [, locked, read] = (await client.query(this.openSql(limit))) as unknown as QueryResult[];
    return this.opened(client, limit, locked, read);
  }

  /** The checkpoints and events an open answered (creating the checkpoint rows first if some are missing). */
  private async opened(client: PoolClient, limit: number, locked: QueryResult, read: QueryResult): Promise<Opened> {
    // Only the first batch (or the first after a rebuild emptied them) has rows to create.
    if (locked.rows.length < this.names.length) {
      await client.query(`INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`, [this.names]);
      [locked, read] = (await client.query(this.lockAndReadSql(limit))) as unknown as QueryResult[];
    }
    const byName = new Map(
      locked.rows.map((r) => [r.name as string, { transactionId: BigInt(r.last_transaction_id), position: BigInt(r.last_position) }]),
    );
    return {
      checkpoints: this.projections.map((p) => byName.get(p.name) ?? START),
      events: (read.rows as EventRow[]).map(toStoredEvent),
    };
  }

  private advance(cp: Checkpoint): void {
    if (compareCheckpoints(cp, this.reached) > 0) this.reached = cp;
    const ready = this.waiters.filter((w) => compareCheckpoints(this.reached, w.target) >= 0);
    this.waiters = this.waiters.filter((w) => compareCheckpoints(this.reached, w.target) < 0);
    for (const w of ready) w.resolve();
  }

  /**
   * Empties the projections' tables (every projection, or those named in `only`) and replays the whole store
   * into them. The events they had set aside are retried: those that apply now leave the quarantine, the
   * others stay (one more attempt). Returns the number of events read.
   */
  async rebuild(only?: string[]): Promise<number> {
    this.discover();
    const chosen = only ? this.projections.filter((p) => only.includes(p.name)) : this.projections;
    const unknown = (only ?? []).filter((n) => !this.names.includes(n));
    if (unknown.length) throw new Error(`no projection named ${unknown.join(', ')}`);
    const names = chosen.map((p) => p.name);
    const wasRunning = !this.stopped;
    await this.stop();
    try {
      const tables = chosen.flatMap((p) => p.tables);
      await this.dataSource.transaction(async (m) => {
        if (tables.length) await m.query(`TRUNCATE ${tables.join(', ')}`);
        await m.query(`DELETE FROM projection_checkpoints WHERE name = ANY($1)`, [names]);
        await markForRetry(m, names);
      });
      this.reached = START;
      this.forgetAll();
      this.unseenChanges(null);
      const n = await this.catchUp();
      await clearRetried(this.dataSource, names);
      return n;
    } finally {
      if (wasRunning) this.start();
    }
  }

  /**
   * Retries the events set aside, without a full rebuild: rebuilds only the projections that have some
   * (a projection is the fold of its events in order, so a set-aside event cannot be slotted in later on its
   * own). Returns which projections were rebuilt and how many of their events are still set aside.
   */
  async retryQuarantined(): Promise<{ projections: string[]; stillQuarantined: number }> {
    this.discover();
    const rows: Array<{ projection: string }> = await this.dataSource.query(`SELECT DISTINCT projection FROM projection_quarantine`);
    const projections = rows.map((r) => r.projection).filter((n) => this.names.includes(n)).sort();
    if (projections.length) await this.rebuild(projections);
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM projection_quarantine WHERE projection = ANY($1)`, [projections]);
    return { projections, stillQuarantined: n };
  }
}
