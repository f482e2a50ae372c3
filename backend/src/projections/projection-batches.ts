import { QueryResult } from 'pg';
import { DataSource, QueryRunner } from 'typeorm';
import { Checkpoint, START, StoredEvent, compareCheckpoints } from '../event-store/stored-event';
import { Projection, ProjectionBatch } from './projection';
import { LockMode, OpenedBatch, forgetPreparedAfter, moveCheckpointsSql, openBatch, openResultCount, openSql, openedBatch, pgClientOf } from './projection-batch-sql';
import { applyPastOwnCheckpoints, checkpointOf, highest, lowest } from './projection-checkpoints';
import { runIsolatingBatch } from './projection-isolation';
import { UnseenRange } from './read-model-signals';
import { inlineParams } from './sql-literal';

/** A committed batch, for the runner to tell caches and waiters (in that order). */
export interface BatchDone {
  /** Where the read models have got: the batch's last event, or the lowest checkpoint when it read none. */
  reached: Checkpoint;
  /** Changes this process did not see: a range another process applied, null when unknown (drop everything), undefined when none. */
  unseen?: UnseenRange | null;
  /** The projections' after-commit hooks. */
  hooks: Array<() => void>;
}

/** What a run of batches did: events read by the last one; `deferred` when it found another process's batch holding the lock. */
export interface BatchRun {
  read: number;
  deferred: boolean;
}

export interface BatchOptions {
  /** The live loop's own connection (kept); without it a pooled one is taken and given back. */
  held?: QueryRunner;
  /** Whether to open the next batch in the same round trip as this one commits (the live loop, while events keep coming). */
  chainNext?: (read: number) => boolean;
  /** The last batch failed because of some event: isolate it (runIsolatingBatch). */
  careful?: boolean;
  /**
   * `try` (the live loop): when another process's batch holds the projections' lock, do not queue for it,
   * only learn from the committed checkpoints how far the read models got (`deferred`). Default `wait`.
   */
  lock?: LockMode;
}

/**
 * Runs projection batches. One batch = one transaction: take the projections' lock (so several backend
 * replicas and the indexer never apply the same events twice), read the events after the lowest checkpoint,
 * let each projection apply those after its own, and move each checkpoint. Batches of this process run one at
 * a time (they would take turns on the lock anyway): what the projections remember between batches is then
 * only ever used after the batch that wrote it has ended.
 */
export class ProjectionBatches {
  /** Each projection's checkpoint as this process last locked or moved it (see RowProjection's remembered rows). */
  private applied: Array<Checkpoint | undefined> = [];
  /** The end of the last batch started in this process: the next one starts after it. */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: () => Projection[],
    /** How far this process knows the read models got (what is past it was applied elsewhere). */
    private readonly reached: () => Checkpoint,
    private readonly done: (batch: BatchDone) => void,
  ) {}

  /**
   * Batches (one, or a chain of them: see `chainNext`) on `held` or on a pooled connection; the number of
   * events the last one read. While events keep coming — appends of this process committed during a batch,
   * or a full batch — the live loop's next batch is opened in the same round trip as the current one
   * commits, so a steady stream of commands costs one round trip per batch.
   */
  run(limit: number, options: BatchOptions = {}): Promise<BatchRun> {
    const { held, chainNext = () => false, careful = false, lock = 'wait' } = options;
    const run = this.tail.then(async () => {
      const qr = held ?? this.dataSource.createQueryRunner();
      if (!held) await qr.connect();
      try {
        if (careful) return { read: await this.isolating(limit, qr), deferred: false };
        let opened: OpenedBatch | null = null;
        for (;;) {
          const { read, deferred, next } = await this.pipelined(limit, qr, opened, chainNext, lock);
          if (!next) return { read, deferred };
          opened = next;
        }
      } finally {
        if (!held) await qr.release();
      }
    });
    this.tail = run.then(() => undefined, () => undefined);
    return run;
  }

  /** Every projection drops what it remembers (a rollback, a rebuild, a batch after a failure). */
  forgetAll(): void {
    for (const p of this.projections()) p.forget?.();
    this.applied = [];
  }

  /**
   * One batch, in two round trips (one when `opened` already holds its transaction, locks and events): the
   * first opens the transaction, locks the checkpoints and reads the events after them; the second runs the
   * projections' queued writes, moves the checkpoints and commits (and opens the next batch if `chainNext`).
   */
  private async pipelined(
    limit: number,
    qr: QueryRunner,
    opened: OpenedBatch | null,
    chainNext: (read: number) => boolean,
    lock: LockMode,
  ): Promise<{ read: number; deferred: boolean; next: OpenedBatch | null }> {
    const projections = this.projections();
    const names = projections.map((p) => p.name);
    const client = await pgClientOf(qr);
    let read = 0;
    let reached: Checkpoint = START;
    let unseen: UnseenRange | undefined;
    let deferred = false;
    let next: OpenedBatch | null = null;
    const hooks: Array<() => void> = [];
    const writes: string[] = [];
    const batch: ProjectionBatch = {
      afterCommit: (fn) => void hooks.push(fn),
      write: (sql, params) => void writes.push(inlineParams(sql, params)),
    };
    try {
      const { locked, checkpoints, events, seenSince } = opened ?? (await openBatch(client, names, limit, this.reached(), lock));
      reached = lowest(checkpoints);
      // Past where this process last saw them: someone else applied the events in between (up to the highest
      // checkpoint: a projection ahead of the lowest had those after the lowest applied elsewhere too; without
      // the lock this batch read no events, so only up to the lowest, all of which `seenSince` holds).
      const high = locked ? highest(checkpoints) : reached;
      const seen = this.reached();
      if (compareCheckpoints(high, seen) > 0) unseen = unseenRange(seen, high, seenSince, events, limit);
      if (locked) {
        projections.forEach((p, i) => {
          const mine = this.applied[i];
          if (!mine || compareCheckpoints(mine, checkpoints[i]) !== 0) p.forget?.();
          this.applied[i] = checkpoints[i];
        });
      }
      // Without the lock, another process's batch is applying: it takes every visible event, this process's too.
      deferred = !locked;
      read = events.length;
      if (!events.length) {
        await client.query('COMMIT');
      } else {
        const last = await applyPastOwnCheckpoints(projections, events, checkpoints, (p, fresh) => p.apply(fresh, qr, batch));
        const chained = chainNext(read);
        // set_config(..., true) = SET LOCAL synchronous_commit = off. Read models are derived: a crash that
        // loses this commit loses its checkpoint move with it, and the events (committed durably by their
        // appends) are applied again on restart. So a batch does not wait for its own WAL flush (other
        // sessions see it at once either way): one fsync less per batch.
        const results = (await client.query(
          [
            ...writes,
            `SELECT set_config('synchronous_commit', 'off', true)`,
            moveCheckpointsSql(names, checkpoints, last),
            'COMMIT',
            ...(chained ? [openSql(names, limit, last, lock)] : []),
          ].join(';\n'),
        )) as unknown as QueryResult[];
        this.applied = projections.map(() => last);
        reached = last;
        if (chained) next = await openedBatch(client, names, limit, last, results.slice(-openResultCount(last)));
      }
    } catch (err) {
      // Rolled back whole (checkpoints included): what the projections remember of it never happened. A next
      // batch opened in the commit's round trip runs the prepared reads outside openBatch: its failure is seen here.
      forgetPreparedAfter(client, err);
      await client.query('ROLLBACK').catch(() => undefined);
      this.forgetAll();
      throw err;
    }
    this.done({ reached, unseen, hooks });
    return { read, deferred, next };
  }

  private async isolating(limit: number, qr: QueryRunner): Promise<number> {
    this.forgetAll();
    const projections = this.projections();
    let batch;
    try {
      batch = await runIsolatingBatch(qr, projections, limit);
    } catch (err) {
      this.forgetAll();
      throw err;
    }
    const last = batch.last;
    if (last) this.applied = projections.map(() => last);
    // Other processes may have moved the read models too; caches must not trust what they hold.
    this.done({ reached: batch.reached, unseen: null, hooks: batch.hooks });
    return batch.read;
  }
}

/**
 * The range another process applied, after `seen` through `high`, with its events when the batch read them all:
 * those up to the lowest checkpoint (`seenSince`, null when there were too many) and those after it up to the
 * highest, which the batch's own read holds unless it stopped at `limit` before reaching `high`.
 */
function unseenRange(seen: Checkpoint, high: Checkpoint, seenSince: StoredEvent[] | null, events: StoredEvent[], limit: number): UnseenRange {
  const range: UnseenRange = { after: seen, through: high };
  const lastRead = events[events.length - 1];
  const readPastHigh = events.length < limit || (lastRead && compareCheckpoints(checkpointOf(lastRead), high) >= 0);
  if (!seenSince || !readPastHigh) return range;
  const inRange = (e: StoredEvent) => compareCheckpoints(checkpointOf(e), seen) > 0 && compareCheckpoints(checkpointOf(e), high) <= 0;
  return { ...range, events: [...seenSince.filter(inRange), ...events.filter(inRange)] };
}
