import { DatabaseError } from 'pg';
import { DataSource } from 'typeorm';
import { StreamOutcome, appendStreams, conflictOf } from './append-streams';
import { ExpectedVersion, NewEvent } from './stored-event';
import { AppendResult, StreamAppend } from './stream-append';

interface Pending extends StreamAppend {
  resolve(result: AppendResult): void;
  reject(err: unknown): void;
}

const MAX_BATCH = 256;
/**
 * Batches written side by side. Measured on 2 cores with 8 writers (bench:eventstore, commit_delay 200):
 * 1 in flight ~4,100-4,600 appends/s, 2 ~4,700-5,300, 3 ~4,600, 4 ~3,700 — one more batch keeps both
 * cores busy while the other waits for its fsync; beyond that batches shrink and fsyncs multiply.
 */
const MAX_IN_FLIGHT = 2;

/**
 * Group commit for appends without unique-key reservations, through the store's one append path
 * (append-streams.ts, which also decides duplicates of chain facts). A durable commit costs an fsync, and on one disk that, not SQL, bounds
 * how many appends per second PostgreSQL takes. So while a few statements are in flight, appends arriving
 * in this process queue up, and the next statement writes all of them in ONE transaction, each still
 * compare-and-set on its own stream (a stream whose version moved gets its own conflict, the others go
 * in). Nothing waits for a timer: with room in flight an append is written as soon as the callbacks already
 * due have run (see schedulePump).
 *
 * A batch holds at most one append per stream (two would read the same version). When PostgreSQL refuses
 * the statement — another process won a race on one stream (unique violation), or one append carries
 * something the database cannot store (e.g. a `\u0000` in its JSON) — nothing of it was committed, so
 * every append of the batch is retried on its own: one bad append fails alone, never its neighbours.
 * A fault without a PostgreSQL error code (connection lost) leaves the outcome unknown: a retry could
 * append twice, so the batch fails as a whole and the callers' commands decide again.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private inFlight = 0;
  private pumpScheduled = false;
  /** Streams being written by an in-flight batch: their next append waits for a later batch. */
  private readonly busy = new Set<string>();

  constructor(private readonly dataSource: DataSource) {}

  append(streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, expected, events, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Pumps once the callbacks already due have run: commands released together (by one projection batch)
   * reach their appends a few promise hops apart, and go in one statement instead of the first alone.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Starts batches while there is room in flight and queued appends on streams not being written. */
  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      for (const p of this.queue) {
        if (batch.length < MAX_BATCH && !this.busy.has(p.streamId)) {
          this.busy.add(p.streamId);
          batch.push(p);
        } else rest.push(p);
      }
      this.queue = rest;
      if (!batch.length) return;
      this.inFlight++;
      void this.write(batch).finally(() => {
        for (const p of batch) this.busy.delete(p.streamId);
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    // Each batch is one autocommitted statement (plus, when it carries chain facts, the read of those
    // already stored): its own transaction, its own commit.
    try {
      this.settle(batch, await appendStreams(this.dataSource, batch));
      return;
    } catch (err) {
      if (!refusedByDatabase(err) || batch.length === 1) {
        for (const p of batch) p.reject(conflictOf(err, [p]) ?? err);
        return;
      }
    }
    // The database refused the statement (nothing committed): isolate the culprit by writing each alone.
    for (const p of batch) {
      try {
        this.settle([p], await appendStreams(this.dataSource, [p]));
      } catch (err) {
        p.reject(conflictOf(err, [p]) ?? err);
      }
    }
  }

  private settle(batch: Pending[], outcomes: StreamOutcome[]): void {
    batch.forEach((p, i) => {
      const o = outcomes[i];
      if ('conflict' in o) p.reject(o.conflict);
      else p.resolve(o.result);
    });
  }
}

/**
 * PostgreSQL answered the statement with an error: it was rolled back, so retrying its members one by one
 * cannot append anything twice. Transport failures (no DatabaseError) and the server ending the session
 * (classes 08 connection exception, 57 operator intervention) leave the outcome unknown.
 */
function refusedByDatabase(err: unknown): boolean {
  const driverError = (err as { driverError?: unknown } | null)?.driverError ?? err;
  if (!(driverError instanceof DatabaseError) || !driverError.code) return false;
  return !/^(08|57)/.test(driverError.code);
}
