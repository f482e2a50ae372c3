import { InsertedRow, Queryable, insertCompareAndSet } from './compare-and-set-insert';
import { WrongExpectedVersionError, isUniqueViolation } from './event-store.errors';
import { AppendResult, StreamAppend } from './stream-append';

/** What became of one stream's append: stored (or a duplicate, stored before), or refused as a conflict. */
export type StreamOutcome = { result: AppendResult } | { conflict: WrongExpectedVersionError };

/**
 * THE append: every write to the store goes through here, whether group-committed (plain commands), in a
 * transaction with unique-key reservations, or many streams at once with the indexer's checkpoint. `db` is
 * the transaction (or the data source, for one autocommitted statement). One outcome per write, in order.
 *
 * Duplicates, one rule (chain facts carry an idempotency key, unique across the store):
 * - a write whose every fact (event with a key) is ALREADY STORED IN THE SAME STREAM is a duplicate: nothing
 *   of it is written (its events without a key are that decision's consequences, stored with the facts), it
 *   is not an error, whatever version the writer expected (the same log delivered again is a no-op);
 * - a write that meets a stored fact otherwise (some of its facts new, or the fact stored in another stream)
 *   is a conflict (WrongExpectedVersionError): the writer decided on a state that did not have the fact, and
 *   decides again on fresh state, where it sees the fact;
 * - a fact or version another writer stores while this statement runs makes PostgreSQL refuse the statement
 *   with a unique violation: nothing of it is stored and the caller names it a conflict (`conflictOf`).
 * A stream whose version moved past the expected one is a conflict too (compare-and-set).
 */
export async function appendStreams(db: Queryable, writes: StreamAppend[]): Promise<StreamOutcome[]> {
  const outcomes: Array<StreamOutcome | undefined> = new Array(writes.length);
  const facts = await storedFacts(db, writes);
  const insert: StreamAppend[] = [];
  const inserted: number[] = [];
  writes.forEach((w, i) => {
    const keys = w.events.flatMap((e) => (e.idempotencyKey ? [e.idempotencyKey] : []));
    const stored = keys.filter((k) => facts.has(k));
    if (!stored.length) {
      insert.push(w);
      inserted.push(i);
    } else if (stored.length === keys.length && stored.every((k) => facts.get(k)!.streamId === w.streamId)) {
      outcomes[i] = { result: { nextVersion: facts.get(stored[0])!.version, checkpoint: null, duplicate: true } };
    } else {
      outcomes[i] = { conflict: conflictFor(w) };
    }
  });
  if (insert.length) {
    const byStream = new Map<string, InsertedRow>();
    for (const r of await insertCompareAndSet(db, insert)) {
      const known = byStream.get(r.stream_id);
      if (!known || BigInt(r.global_position) > BigInt(known.global_position)) byStream.set(r.stream_id, r);
    }
    insert.forEach((w, j) => {
      const last = byStream.get(w.streamId);
      // No row: the stream was not at the expected version, so nothing of it was inserted.
      outcomes[inserted[j]] = last
        ? {
            result: {
              nextVersion: last.stream_version,
              checkpoint: { transactionId: BigInt(last.transaction_id), position: BigInt(last.global_position) },
              duplicate: false,
            },
          }
        : { conflict: conflictFor(w) };
    });
  }
  return outcomes as StreamOutcome[];
}

/** The stored facts among the writes' idempotency keys: the stream holding each and that stream's version. */
async function storedFacts(db: Queryable, writes: StreamAppend[]): Promise<Map<string, { streamId: string; version: number }>> {
  const keys = writes.flatMap((w) => w.events.flatMap((e) => (e.idempotencyKey ? [e.idempotencyKey] : [])));
  if (!keys.length) return new Map();
  const rows: Array<{ idempotency_key: string; stream_id: string; v: number }> = await db.query(
    `SELECT e.idempotency_key, e.stream_id, (SELECT max(x.stream_version) FROM events x WHERE x.stream_id = e.stream_id) AS v
       FROM events e WHERE e.idempotency_key = ANY($1)`,
    [keys],
  );
  return new Map(rows.map((r) => [r.idempotency_key, { streamId: r.stream_id, version: r.v }]));
}

function conflictFor(w: StreamAppend): WrongExpectedVersionError {
  return new WrongExpectedVersionError(w.streamId, w.expected === 'any' ? -1 : w.expected);
}

/**
 * The conflict a refused statement means, or null when the refusal is not a race with another writer: a
 * unique violation on a stream version or a chain fact's key (another writer stored it while the statement
 * ran). Names the stream from PostgreSQL's detail when it can, else the only write of the statement.
 */
export function conflictOf(err: unknown, writes: StreamAppend[]): WrongExpectedVersionError | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { constraint?: string; detail?: string; driverError?: { constraint?: string; detail?: string } };
  const constraint = e.constraint ?? e.driverError?.constraint;
  const detail = e.detail ?? e.driverError?.detail ?? '';
  if (constraint !== 'events_stream_version_unique' && constraint !== 'events_idempotency_key_unique') return null;
  if (writes.length === 1) return conflictFor(writes[0]);
  const stream = /\(stream_id, stream_version\)=\((.+), (\d+)\)/.exec(detail);
  return new WrongExpectedVersionError(stream?.[1] ?? `(the stream of chain fact ${detail || '?'})`, stream ? Number(stream[2]) - 1 : -1);
}
