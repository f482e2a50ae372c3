import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { UniqueKeyTakenError, WrongExpectedVersionError, isUniqueViolation } from './event-store.errors';
import { GroupCommit } from './group-commit';
import { StreamAppend, insertCompareAndSet } from './compare-and-set-insert';
import { Checkpoint, ExpectedVersion, NewEvent, StoredEvent, compareCheckpoints } from './stored-event';

export interface UniqueKeyReservation {
  kind: string;
  value: string;
}

export interface AppendOptions {
  /** Reserve these keys for the stream in the same transaction; a taken key aborts the append. */
  reserve?: UniqueKeyReservation[];
  /** Give up keys this stream held (an old username), in the same transaction. */
  release?: UniqueKeyReservation[];
}

export interface AppendResult {
  /** The stream's version after the append (unchanged when every event was a duplicate). */
  nextVersion: number;
  /** Where the last appended event sits; null when nothing was appended (all duplicates). */
  checkpoint: Checkpoint | null;
  duplicate: boolean;
}


export interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created_at: Date;
}

export function toStoredEvent(r: EventRow): StoredEvent {
  return {
    globalPosition: BigInt(r.global_position),
    transactionId: BigInt(r.transaction_id),
    streamId: r.stream_id,
    streamVersion: r.stream_version,
    type: r.event_type,
    data: r.data,
    metadata: r.metadata,
    createdAt: r.created_at,
  };
}

/**
 * Append-only PostgreSQL event store.
 * - append: compare-and-set on the stream version (unique (stream_id, stream_version)), so concurrent
 *   writers conflict instead of overwriting;
 * - readAll: only events of transactions below the oldest running one, in (transaction id, position)
 *   order, so a reader never skips an event that a slower transaction commits later.
 */
@Injectable()
export class EventStore {
  /** Emits 'appended' after each commit in this process, so local projections wake at once. */
  readonly notifications = new EventEmitter();

  /** Plain appends (no reservations, no chain facts): one autocommitted statement per batch. */
  private readonly groupCommit: GroupCommit;
  private latest: Checkpoint | null = null;

  constructor(private readonly dataSource: DataSource) {
    this.groupCommit = new GroupCommit(dataSource);
    this.notifications.setMaxListeners(0);
  }

  /** The stream's events after `afterVersion` (all by default), in order, and the version reached. */
  async readStream(streamId: string, afterVersion = 0): Promise<{ version: number; events: StoredEvent[] }> {
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT global_position, transaction_id, stream_id, stream_version, event_type, data, metadata, created_at
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
    const simple = !options.reserve?.length && !options.release?.length && !events.some((e) => e.idempotencyKey);
    const result = simple
      ? await this.groupCommit.append(streamId, expectedVersion, events)
      : await this.appendInTransaction(streamId, expectedVersion, events, options);
    if (!result.duplicate) {
      if (result.checkpoint && (!this.latest || compareCheckpoints(result.checkpoint, this.latest) > 0)) this.latest = result.checkpoint;
      this.notifications.emit('appended', result.checkpoint);
    }
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
   * Appends to many streams in ONE transaction and ONE insert (the indexer's block range: a few logs of
   * each of many tasks), each stream compare-and-set on its own expected version, then runs
   * `alsoInTransaction` (the caller's bookkeeping, e.g. the indexer's checkpoint) before the commit. All or
   * nothing: a stream that moved, or a chain fact another writer stored first, rolls everything back with a
   * WrongExpectedVersionError (the caller decides again on fresh state). With no events it still runs
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
    const qr = this.dataSource.createQueryRunner();
    await qr.connect();
    let checkpoint: Checkpoint | null = null;
    try {
      await qr.startTransaction('READ COMMITTED');
      if (writes.length) {
        // The events insert is the transaction's first write (see appendIn): its xid is taken after the
        // streams were read, keeping (transaction id, position) order consistent with every stream's versions.
        let rows: Awaited<ReturnType<typeof insertCompareAndSet>>;
        try {
          rows = await insertCompareAndSet(qr, writes);
        } catch (err) {
          throw this.conflictOf(err) ?? err;
        }
        const written = new Set(rows.map((r) => r.stream_id));
        const moved = writes.find((w) => !written.has(w.streamId));
        if (moved) throw new WrongExpectedVersionError(moved.streamId, moved.expected as number);
        const last = rows.reduce((a, b) => (BigInt(b.global_position) > BigInt(a.global_position) ? b : a));
        checkpoint = { transactionId: BigInt(last.transaction_id), position: BigInt(last.global_position) };
      }
      if (alsoInTransaction) await alsoInTransaction(qr.manager);
      await qr.commitTransaction();
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      throw err;
    } finally {
      await qr.release();
    }
    if (checkpoint) {
      if (!this.latest || compareCheckpoints(checkpoint, this.latest) > 0) this.latest = checkpoint;
      this.notifications.emit('appended', checkpoint);
    }
    return { checkpoint };
  }

  /** A unique violation on a stream version or a chain fact's key: another writer was first. */
  private conflictOf(err: unknown): WrongExpectedVersionError | null {
    if (!isUniqueViolation(err)) return null;
    const e = err as { constraint?: string; detail?: string };
    if (e.constraint !== 'events_stream_version_unique' && e.constraint !== 'events_idempotency_key_unique') return null;
    const stream = /\(stream_id, stream_version\)=\((.+), (\d+)\)/.exec(e.detail ?? '');
    return new WrongExpectedVersionError(stream?.[1] ?? `(the stream of chain fact ${e.detail ?? '?'})`, stream ? Number(stream[2]) - 1 : -1);
  }

  /** The furthest position this process has appended at (null before its first append). */
  get latestAppended(): Checkpoint | null {
    return this.latest;
  }

  private async appendInTransaction(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const qr = this.dataSource.createQueryRunner();
    await qr.connect();
    try {
      await qr.startTransaction('READ COMMITTED');
      const result = await this.appendIn(qr, streamId, expectedVersion, events, options);
      await qr.commitTransaction();
      return result;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      throw err;
    } finally {
      await qr.release();
    }
  }

  private async appendIn(
    qr: QueryRunner,
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const keys = events.map((e) => e.idempotencyKey).filter((k): k is string => !!k);
    const current = await this.currentVersion(qr, streamId);
    if (keys.length) {
      const seen = await this.appliedKeys(keys, qr);
      if (seen.size === keys.length) return { nextVersion: current, checkpoint: null, duplicate: true };
      if (seen.size) throw new Error(`append mixes new and already applied facts in stream ${streamId}`);
    }
    if (expectedVersion !== 'any' && current !== expectedVersion) {
      throw new WrongExpectedVersionError(streamId, expectedVersion);
    }
    // The events insert is the transaction's first write: its xid is taken here, after the stream was
    // read, which keeps (transaction id, position) order consistent with every stream's version order.
    let inserted: Array<{ global_position: string; transaction_id: string }>;
    try {
      inserted = await qr.query(
        `INSERT INTO events (stream_id, stream_version, event_type, data, metadata, idempotency_key)
         SELECT $1, $2::int + ord, t, d, m, k
           FROM unnest($3::text[], $4::jsonb[], $5::jsonb[], $6::text[]) WITH ORDINALITY AS x(t, d, m, k, ord)
         ORDER BY ord
         RETURNING global_position, transaction_id`,
        [
          streamId,
          current,
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data ?? {})),
          events.map((e) => JSON.stringify(e.metadata ?? {})),
          events.map((e) => e.idempotencyKey ?? null),
        ],
      );
    } catch (err) {
      throw this.translateUniqueViolation(err, streamId, current, keys.length > 0);
    }
    for (const key of options.reserve ?? []) {
      const taken: Array<{ stream_id: string }> = await qr.query(
        `INSERT INTO unique_keys (kind, value, stream_id) VALUES ($1, $2, $3)
         ON CONFLICT (kind, value) DO UPDATE SET kind = unique_keys.kind
         RETURNING stream_id`,
        [key.kind, key.value, streamId],
      );
      if (taken[0].stream_id !== streamId) throw new UniqueKeyTakenError(key.kind, key.value);
    }
    for (const key of options.release ?? []) {
      await qr.query(`DELETE FROM unique_keys WHERE kind = $1 AND value = $2 AND stream_id = $3`, [
        key.kind,
        key.value,
        streamId,
      ]);
    }
    const last = inserted[inserted.length - 1];
    return {
      nextVersion: current + events.length,
      checkpoint: { transactionId: BigInt(last.transaction_id), position: BigInt(last.global_position) },
      duplicate: false,
    };
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

  private async currentVersion(qr: QueryRunner, streamId: string): Promise<number> {
    const rows: Array<{ v: number | null }> = await qr.query(
      `SELECT max(stream_version) AS v FROM events WHERE stream_id = $1`,
      [streamId],
    );
    return rows[0].v ?? 0;
  }

  private translateUniqueViolation(err: unknown, streamId: string, expected: number, hasKeys: boolean): unknown {
    if (!isUniqueViolation(err)) return err;
    const e = err as { constraint?: string };
    if (e.constraint === 'events_stream_version_unique') return new WrongExpectedVersionError(streamId, expected);
    // A concurrent writer applied the same chain fact first: the caller re-reads and sees a duplicate.
    if (e.constraint === 'events_idempotency_key_unique' && hasKeys) {
      return new WrongExpectedVersionError(streamId, expected);
    }
    return err;
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

/**
 * The statement behind `readAll`: events after `after` (an SQL row expression `(transaction id, position)`),
 * at most `limit`, never past the oldest running transaction. Shared with the projection runner, which reads
 * after its checkpoints in the same round trip as it locks them.
 */
export function visibleEventsAfter(after: string, limit: string): string {
  return `SELECT global_position, transaction_id, stream_id, stream_version, event_type, data, metadata, created_at
         FROM events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (transaction_id, global_position) > ${after}
        ORDER BY transaction_id, global_position
        LIMIT ${limit}`;
}
