import { PoolClient, QueryResult, escapeLiteral } from 'pg';
import { QueryRunner } from 'typeorm';
import { EVENT_ROW_COLUMNS, EventRow, toStoredEvent, visibleEventsAfter } from '../event-store/event-row';
import { Checkpoint, START, StoredEvent } from '../event-store/stored-event';

/** An open batch: its transaction holds the checkpoint locks; each projection's checkpoint and the events after the lowest. */
export interface OpenedBatch {
  checkpoints: Checkpoint[];
  events: StoredEvent[];
  /**
   * The events after `seen` (see `openSql`) up to the lowest checkpoint: applied by another process since this
   * one last looked. Null when not asked for, or when there are more than UNSEEN_EVENTS_MAX of them.
   */
  seenSince: StoredEvent[] | null;
}

/**
 * Most events another process applied that a batch reads to tell this process's caches what changed (a
 * replica's share of a busy marketplace's commands between two of its batches is a few dozen). More than
 * that (a replica that was stopped, a rebuild elsewhere): the caches are told the range only and read it from
 * the store themselves.
 */
export const UNSEEN_EVENTS_MAX = 500;

/**
 * The pg client under a TypeORM query runner. A batch sends several statements as one text and reads each
 * one's result, which TypeORM's `query` does not return (it keeps the rows of a single statement only), so it
 * talks to the client itself, on the same connection and transaction as the projections' `apply`. Documented
 * API: `QueryRunner.connect()` "returns obtained database connection" (the one already held, if any).
 */
export async function pgClientOf(qr: QueryRunner): Promise<PoolClient> {
  return (await qr.connect()) as PoolClient;
}

/** The projections' names as an SQL list of literals (they are code, but quoted all the same). */
function nameList(names: string[]): string {
  return names.map((n) => escapeLiteral(n)).join(', ');
}

/**
 * Opens a batch: starts its transaction, locks every projection's checkpoint row (so several backend
 * replicas never apply the same events twice) and reads the events after the lowest, as statements sent at
 * once (the read is its own statement, so under READ COMMITTED it sees the checkpoints as locked). With
 * `seen` (where this process last saw the read models), also the events after it up to the lowest checkpoint:
 * what other processes applied meanwhile, in the same round trip, so that caches learn at once which answers
 * those events changed instead of waiting for a second reader of the store.
 */
export function openSql(names: string[], limit: number, seen?: Checkpoint): string {
  return `START TRANSACTION ISOLATION LEVEL READ COMMITTED; ${lockAndReadSql(names, limit, seen)}`;
}

function lockAndReadSql(names: string[], limit: number, seen: Checkpoint | undefined): string {
  const list = nameList(names);
  const lowestCheckpoint = `(SELECT last_transaction_id, last_position FROM projection_checkpoints WHERE name IN (${list}) ORDER BY 1, 2 LIMIT 1)`;
  const read = `
      SELECT name, last_transaction_id, last_position
        FROM projection_checkpoints
       WHERE name IN (${list}) ORDER BY name FOR UPDATE;
      ${visibleEventsAfter(lowestCheckpoint, String(limit))}`;
  if (!seen) return read;
  // Every event up to a checkpoint was visible to whoever moved it there: no snapshot horizon is needed.
  return `${read};
      SELECT ${EVENT_ROW_COLUMNS}
        FROM events
       WHERE (transaction_id, global_position) > ('${seen.transactionId}'::xid8, ${seen.position})
         AND (transaction_id, global_position) <= ${lowestCheckpoint}
       ORDER BY transaction_id, global_position
       LIMIT ${UNSEEN_EVENTS_MAX + 1}`;
}

/** Every projection's checkpoint moved to `to`, as one statement of a pipelined text (values inlined). */
export function moveCheckpointsSql(names: string[], to: Checkpoint): string {
  return `UPDATE projection_checkpoints
                SET last_transaction_id = '${to.transactionId}'::xid8, last_position = ${to.position}, updated_at = now()
              WHERE name IN (${nameList(names)})`;
}

/** Opens a batch in one round trip (two the first time, when the checkpoint rows are created). */
export async function openBatch(client: PoolClient, names: string[], limit: number, seen?: Checkpoint): Promise<OpenedBatch> {
  const results = (await client.query(openSql(names, limit, seen))) as unknown as QueryResult[];
  return openedBatch(client, names, limit, seen, results.slice(1));
}

/** How many results `openSql` gives after its START TRANSACTION. */
export function openResultCount(seen: Checkpoint | undefined): number {
  return seen ? 3 : 2;
}

/**
 * The checkpoints (in the order of `names`) and events an open answered (`results`: those after its START
 * TRANSACTION), creating the checkpoint rows first if some are missing.
 */
export async function openedBatch(
  client: PoolClient, names: string[], limit: number, seen: Checkpoint | undefined, results: QueryResult[],
): Promise<OpenedBatch> {
  // Only the first batch (or the first after a rebuild emptied them) has rows to create.
  if (results[0].rows.length < names.length) {
    await client.query(`INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`, [names]);
    results = (await client.query(lockAndReadSql(names, limit, seen))) as unknown as QueryResult[];
  }
  const [locked, read, since] = results;
  const byName = new Map(
    locked.rows.map((r) => [r.name as string, { transactionId: BigInt(r.last_transaction_id), position: BigInt(r.last_position) }]),
  );
  return {
    checkpoints: names.map((n) => byName.get(n) ?? START),
    events: (read.rows as EventRow[]).map(toStoredEvent),
    seenSince: since && since.rows.length <= UNSEEN_EVENTS_MAX ? (since.rows as EventRow[]).map(toStoredEvent) : null,
  };
}
