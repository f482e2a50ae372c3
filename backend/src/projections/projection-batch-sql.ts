import { PoolClient, QueryResult, escapeLiteral } from 'pg';
import { QueryRunner } from 'typeorm';
import { EventRow, toStoredEvent, visibleEventsAfter } from '../event-store/event-row';
import { Checkpoint, START, StoredEvent } from '../event-store/stored-event';

/** An open batch: its transaction holds the checkpoint locks; each projection's checkpoint and the events after the lowest. */
export interface OpenedBatch {
  checkpoints: Checkpoint[];
  events: StoredEvent[];
}

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
 * replicas never apply the same events twice) and reads the events after the lowest, as three statements
 * sent at once (the read is its own statement, so under READ COMMITTED it sees the checkpoints as locked).
 */
export function openSql(names: string[], limit: number): string {
  return `START TRANSACTION ISOLATION LEVEL READ COMMITTED; ${lockAndReadSql(names, limit)}`;
}

function lockAndReadSql(names: string[], limit: number): string {
  const list = nameList(names);
  return `
      SELECT name, last_transaction_id, last_position
        FROM projection_checkpoints
       WHERE name IN (${list}) ORDER BY name FOR UPDATE;
      ${visibleEventsAfter(
        `(SELECT last_transaction_id, last_position FROM projection_checkpoints WHERE name IN (${list}) ORDER BY 1, 2 LIMIT 1)`,
        String(limit),
      )}`;
}

/** Every projection's checkpoint moved to `to`, as one statement of a pipelined text (values inlined). */
export function moveCheckpointsSql(names: string[], to: Checkpoint): string {
  return `UPDATE projection_checkpoints
                SET last_transaction_id = '${to.transactionId}'::xid8, last_position = ${to.position}, updated_at = now()
              WHERE name IN (${nameList(names)})`;
}

/** Opens a batch in one round trip (two the first time, when the checkpoint rows are created). */
export async function openBatch(client: PoolClient, names: string[], limit: number): Promise<OpenedBatch> {
  const [, locked, read] = (await client.query(openSql(names, limit))) as unknown as QueryResult[];
  return openedBatch(client, names, limit, locked, read);
}

/**
 * The checkpoints (in the order of `names`) and events an open answered, creating the checkpoint rows first
 * if some are missing.
 */
export async function openedBatch(client: PoolClient, names: string[], limit: number, locked: QueryResult, read: QueryResult): Promise<OpenedBatch> {
  // Only the first batch (or the first after a rebuild emptied them) has rows to create.
  if (locked.rows.length < names.length) {
    await client.query(`INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`, [names]);
    [locked, read] = (await client.query(lockAndReadSql(names, limit))) as unknown as QueryResult[];
  }
  const byName = new Map(
    locked.rows.map((r) => [r.name as string, { transactionId: BigInt(r.last_transaction_id), position: BigInt(r.last_position) }]),
  );
  return {
    checkpoints: names.map((n) => byName.get(n) ?? START),
    events: (read.rows as EventRow[]).map(toStoredEvent),
  };
}
