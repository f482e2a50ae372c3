import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { appendStreams, conflictOf } from './append-streams';
import { UniqueKeyTakenError } from './event-store.errors';
import { EVENT_ROW_COLUMNS, EventRow, toStoredEvent, visibleEventsAfter } from './event-row';
import { GroupCommit } from './group-commit';
import { Checkpoint, ExpectedVersion, NewEvent, StoredEvent, StreamEvent, compareCheckpoints } from './stored-event';
import { AppendOptions, AppendResult, StreamAppend } from './stream-append';

/**
 * Append-only PostgreSQL event store.
 * - append, appendMany: compare-and-set on the stream version (unique (stream_id, stream_version)), so
 *   concurrent writers conflict instead of overwriting; both go through the one append path
 *   (append-streams.ts), which also says what a duplicate chain fact is (a no-op) and what a conflict is;
 * - readAll: only events of transactions below the oldest running one, in (transaction id, position)
 *   order, so a reader never skips an event that a slower transaction commits later.
 */
@Injectable()
export class EventStore {
  /** Emits 'appended' after each commit in this process, so local projections wake at once. */
  readonly notifications = new EventEmitter();

  /** Appends without reservations: one autocommitted statement per batch. */
  private readonly groupCommit: GroupCommit;
  private latest: Checkpoint | null = null;

  constructor(private readonly dataSource: DataSource) {
    this.groupCommit = new GroupCommit(dataSource);
    this.notifications.setMaxListeners(0);
  }

  /** The stream's events after `afterVersion` (all by default), in order, and the version reached. */
  async readStream(streamId: string, afterVersion = 0): Promise<{ version: number; events: StoredEvent[] }> {
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT ${EVENT_ROW_COLUMNS}
         FROM events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
      [streamId, afterVersion],
    );
    const events = rows.map(toStoredEvent);
    return { version: events.length ? events[events.length - 1].streamVersion : afterVersion, events };
  }

  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // Reservations must commit with the events: a transaction of their own. Everything else is group-committed.
    const reserving = !!options.reserve?.length || !!options.release?.length;
    const result = reserving
      ? await this.appendReserving({ streamId, expected: expectedVersion, events }, options)
      : await this.groupCommit.append(streamId, expectedVersion, events);
    if (!result.duplicate) this.appended(result.checkpoint);
    return result;
  }

  /** Every stream's events after its `afterVersion`, in ONE query (an aggregate per stream, loaded together). */
  async readStreams(from: Array<{ streamId: string; afterVersion: number }>): Promise<Map<string, StoredEvent[]>> {
    const out = new Map<string, StoredEvent[]>(from.map((f) => [f.streamId, []]));
    if (!from.length) return out;
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT e.global_position, e.transaction_id, e.stream_id, e.stream_version, e.event_type, e.data, e.metadata, e.created_at
         FROM unnest($1::text[], $2::int[]) AS r(stream_id, after_version)
         JOIN events e ON e.stream_id = r.stream_id AND e.stream_version > r.after_version
        ORDER BY e.stream_id, e.stream_version`,
      [from.map((f) => f.streamId), from.map((f) => f.afterVersion)],
    );
    for (const r of rows) out.get(r.stream_id)!.push(toStoredEvent(r));
    return out;
  }

  /**
   * `readStreams` for folding aggregates: each event's type, data and version only. A cold backfill range
   * loads ~20,000 events; their metadata, positions and times were read, sent and parsed for nothing.
   */
  async readStreamsToFold(from: Array<{ streamId: string; afterVersion: number }>): Promise<Map<string, StreamEvent[]>> {
    const out = new Map<string, StreamEvent[]>(from.map((f) => [f.streamId, []]));
    if (!from.length) return out;
    const rows: Array<{ stream_id: string; stream_version: number; event_type: string; data: unknown }> = await this.dataSource.query(
      `SELECT e.stream_id, e.stream_version, e.event_type, e.data
         FROM unnest($1::text[], $2::int[]) AS r(stream_id, after_version)
         JOIN events e ON e.stream_id = r.stream_id AND e.stream_version > r.after_version
        ORDER BY e.stream_id, e.stream_version`,
      [from.map((f) => f.streamId), from.map((f) => f.afterVersion)],
    );
    for (const r of rows) out.get(r.stream_id)!.push({ type: r.event_type, data: r.data, streamVersion: r.stream_version });
    return out;
  }

  /**
   * Appends to many streams in ONE transaction and ONE insert (the indexer's block range: a few logs of
   * each of many tasks), each stream compare-and-set on its own expected version, then runs
   * `alsoInTransaction` (the caller's bookkeeping, e.g. the indexer's checkpoint) before the commit. All or
   * nothing: any conflict (a stream that moved, a chain fact stored by another stream or by a racing writer:
   * see append-streams.ts) rolls everything back with a WrongExpectedVersionError (the caller decides again
   * on fresh state); a stream whose facts are all stored in it already is a duplicate, skipped. With no events it still runs
   * `alsoInTransaction` in a transaction of its own.
   */
  async appendMany(
    appends: Array<{ streamId: string; expectedVersion: number; events: NewEvent[] }>,
    alsoInTransaction?: (m: EntityManager) => Promise<void>,
  ): Promise<{ checkpoint: Checkpoint | null }> {
    const writes: StreamAppend[] = appends
      .filter((a) => a.events.length)
      .map((a) => ({ streamId: a.streamId, expected: a.expectedVersion, events: a.events }));
    if (new Set(writes.map((w) => w.streamId)).size !== writes.length) throw new Error('appendMany takes each stream once');
    let checkpoint: Checkpoint | null = null;
    await this.inTransaction(async (qr) => {
      if (writes.length) {
        // The events insert is the transaction's first write: its xid is taken after the streams were read,
        // keeping (transaction id, position) order consistent with every stream's versions.
        const outcomes = await appendStreams(qr, writes).catch((err) => {
          throw conflictOf(err, writes) ?? err;
        });
        for (const o of outcomes) {
          if ('conflict' in o) throw o.conflict;
          const at = o.result.checkpoint;
          if (at && (!checkpoint || compareCheckpoints(at, checkpoint) > 0)) checkpoint = at;
        }
      }
      if (alsoInTransaction) await alsoInTransaction(qr.manager);
    });
    if (checkpoint) this.appended(checkpoint);
    return { checkpoint };
  }

  /** The furthest position this process has appended at (null before its first append). */
  get latestAppended(): Checkpoint | null {
    return this.latest;
  }

  /** Notes a committed append and wakes this process's readers. */
  private appended(checkpoint: Checkpoint | null): void {
    if (checkpoint && (!this.latest || compareCheckpoints(checkpoint, this.latest) > 0)) this.latest = checkpoint;
    this.notifications.emit('appended', checkpoint);
  }

  /** An append and its unique-key reservations, in one transaction: a taken key rolls the events back. */
  private async appendReserving(write: StreamAppend, options: AppendOptions): Promise<AppendResult> {
    return this.inTransaction(async (qr) => {
      const [outcome] = await appendStreams(qr, [write]).catch((err) => {
        throw conflictOf(err, [write]) ?? err;
      });
      if ('conflict' in outcome) throw outcome.conflict;
      if (outcome.result.duplicate) return outcome.result;
      for (const key of options.reserve ?? []) {
        const taken: Array<{ stream_id: string }> = await qr.query(
          `INSERT INTO unique_keys (kind, value, stream_id) VALUES ($1, $2, $3)
           ON CONFLICT (kind, value) DO UPDATE SET kind = unique_keys.kind
           RETURNING stream_id`,
          [key.kind, key.value, write.streamId],
        );
        if (taken[0].stream_id !== write.streamId) throw new UniqueKeyTakenError(key.kind, key.value);
      }
      for (const key of options.release ?? []) {
        await qr.query(`DELETE FROM unique_keys WHERE kind = $1 AND value = $2 AND stream_id = $3`, [key.kind, key.value, write.streamId]);
      }
      return outcome.result;
    });
  }

  private async inTransaction<R>(work: (qr: QueryRunner) => Promise<R>): Promise<R> {
    const qr = this.dataSource.createQueryRunner();
    await qr.connect();
    try {
      await qr.startTransaction('READ COMMITTED');
      const result = await work(qr);
      await qr.commitTransaction();
      return result;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      throw err;
    } finally {
      await qr.release();
    }
  }

  /**
   * Where the last event sits: of one stream (`streamId`), or of the whole store; null when there is none.
   * What the read models must reach to show it (ProjectionRunner.waitFor). `readable`: only among the events
   * `readAll` returns now (below the oldest running transaction), the place to start reading from without
   * skipping an event a slower transaction commits later.
   */
  async lastPosition(of: { streamId?: string; readable?: boolean } = {}): Promise<Checkpoint | null> {
    const where = [
      ...(of.streamId !== undefined ? ['stream_id = $1'] : []),
      ...(of.readable ? ['transaction_id < pg_snapshot_xmin(pg_current_snapshot())'] : []),
    ];
    // A stream's last event is its highest version (unique per stream, its own index); the store's is the
    // last in visibility order.
    const order = of.streamId !== undefined ? 'stream_version DESC' : 'transaction_id DESC, global_position DESC';
    const rows: Array<{ transaction_id: string; global_position: string }> = await this.dataSource.query(
      `SELECT transaction_id, global_position FROM events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT 1`,
      of.streamId !== undefined ? [of.streamId] : [],
    );
    return rows.length ? { transactionId: BigInt(rows[0].transaction_id), position: BigInt(rows[0].global_position) } : null;
  }

  /** Which of these idempotency keys (chain facts) are already in the store. */
  async appliedKeys(keys: string[], runner?: QueryRunner): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows: Array<{ idempotency_key: string }> = await (runner ?? this.dataSource).query(
      `SELECT idempotency_key FROM events WHERE idempotency_key = ANY($1)`,
      [keys],
    );
    return new Set(rows.map((r) => r.idempotency_key));
  }

  /**
   * Events after `after`, in visibility order, never past the oldest running transaction
   * (`pg_snapshot_xmin`): everything returned is committed and nothing earlier can still appear.
   */
  async readAll(after: Checkpoint, limit: number, runner?: QueryRunner): Promise<StoredEvent[]> {
    const rows: EventRow[] = await (runner ?? this.dataSource).query(visibleEventsAfter('($1::xid8, $2::bigint)', '$3'), [
      after.transactionId.toString(),
      after.position.toString(),
      limit,
    ]);
    return rows.map(toStoredEvent);
  }
}
