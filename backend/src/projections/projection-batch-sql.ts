import { PoolClient, QueryResult, escapeLiteral } from 'pg';
import { QueryRunner } from 'typeorm';
import { EVENT_ROW_COLUMNS, EventRow, toStoredEvent, visibleEventsAfter } from '../event-store/event-row';
import { Checkpoint, START, StoredEvent } from '../event-store/stored-event';

/**
 * An open batch: each projection's checkpoint and, when its transaction holds the projections' lock, the
 * events after the lowest. Without the lock (another process's batch has it) the checkpoints are as last
 * committed and there are no events: the batch only learns how far the read models got.
 */
export interface OpenedBatch {
  locked: boolean;
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
 * The projections' lock (a transaction-level advisory lock): one batch at a time across every process
 * (backend replicas, the indexer), so no event is applied twice. Taken first, in a statement of its own, so
 * that under READ COMMITTED the checkpoints read next are those the previous holder committed.
 *
 * Why an advisory lock and not `FOR UPDATE` on the checkpoint rows (before 2026-11-29): a row lock gives the
 * transaction an xid, and events are read only below the oldest running xid (`visibleEventsAfter`). A batch
 * queued on the rows then held back every process's view of the newest events while it waited, and with
 * three processes taking turns every command waited out the others' batches (37–48 ms per batch measured,
 * `docs/benchmarks.md`). An advisory lock needs no xid: a batch gets one only in its last round trip, when it
 * writes and commits at once.
 */
export const PROJECTIONS_LOCK_KEY = 7_346_129_001;

/**
 * `wait`: queue for the lock (catch-up, rebuild, an isolating batch: they must apply). `try`: the live loop,
 * which must not queue: whoever holds the lock applies every visible event, this process's included, and
 * this batch only reads the committed checkpoints to release its waiters.
 */
export type LockMode = 'wait' | 'try';

export function lockProjectionsSql(mode: LockMode): string {
  return mode === 'try'
    ? `SELECT pg_try_advisory_xact_lock(${PROJECTIONS_LOCK_KEY}) AS locked`
    : `SELECT true AS locked FROM pg_advisory_xact_lock(${PROJECTIONS_LOCK_KEY})`;
}

/**
 * Opens a batch on a connection that has its reads prepared (`prepareReads`, done by `openBatch`): starts its
 * transaction, takes the projections' lock (`mode`), reads every projection's checkpoint and, if the lock is
 * held, the events after the lowest, as statements sent at once. With `seen`
 * (where this process last saw the read models), also the events after it up to the lowest checkpoint: what
 * other processes applied meanwhile, in the same round trip, so that caches learn at once which answers those
 * events changed instead of waiting for a second reader of the store.
 */
export function openSql(names: string[], limit: number, seen: Checkpoint | undefined, mode: LockMode): string {
  return `START TRANSACTION ISOLATION LEVEL READ COMMITTED; ${lockProjectionsSql(mode)}; ${readSql(names, limit, seen)}`;
}

/** The lowest of the checkpoints named by the text[] parameter $1. */
const LOWEST_CHECKPOINT = `(SELECT last_transaction_id, last_position FROM projection_checkpoints WHERE name = ANY($1) ORDER BY 1, 2 LIMIT 1)`;

/** A statement a batch prepares on its connection (PREPARE) and runs with EXECUTE. */
interface PreparedRead {
  name: string;
  /** The PREPARE statement. */
  sql: string;
}

/**
 * Every checkpoint row (one per projection: a handful), those of other projection sets included: without a
 * parameter the statement has one plan, made once. With the names as a parameter PostgreSQL kept planning it
 * for each call (it costed the generic plan above the custom ones).
 */
const CHECKPOINTS: PreparedRead = {
  name: 'cent_projection_checkpoints',
  sql: `PREPARE cent_projection_checkpoints AS
    SELECT name, last_transaction_id, last_position FROM projection_checkpoints ORDER BY name`,
};

/**
 * The visible events after the lowest checkpoint, `limit` at most; one statement per limit (a batch size is a
 * constant of its caller), which stays in the text so that the planner costs its generic plan as it costs the
 * custom ones (a LIMIT parameter is costed as 10 % of the table, and PostgreSQL would keep planning each call).
 * The events only for the lock's holder: asking again is a no-op for it (the lock is re-entrant) and spares the
 * others reading events they must not apply (one-time filter: the scan does not run without it).
 */
function eventsRead(limit: number): PreparedRead {
  const name = `cent_projection_events_${limit}`;
  return {
    name,
    sql: `PREPARE ${name}(text[]) AS
      SELECT * FROM (${visibleEventsAfter(LOWEST_CHECKPOINT, String(limit))}) e
       WHERE (SELECT pg_try_advisory_xact_lock(${PROJECTIONS_LOCK_KEY}))
       ORDER BY transaction_id, global_position`,
  };
}

/** The events after where this process last saw the read models, up to the lowest checkpoint: no snapshot horizon
 * is needed, since every event up to a checkpoint was visible to whoever moved it there. */
const UNSEEN: PreparedRead = {
  name: 'cent_projection_unseen',
  sql: `PREPARE cent_projection_unseen(text[], xid8, bigint) AS
    SELECT ${EVENT_ROW_COLUMNS}
      FROM events
     WHERE (transaction_id, global_position) > ($2, $3)
       AND (transaction_id, global_position) <= ${LOWEST_CHECKPOINT}
     ORDER BY transaction_id, global_position
     LIMIT ${UNSEEN_EVENTS_MAX + 1}`,
};

/** SQLSTATE duplicate_prepared_statement. */
const ALREADY_PREPARED = '42P05';
/** SQLSTATE invalid_sql_statement_name: EXECUTE of a statement the session does not hold. */
const NOT_PREPARED = '26000';

/** What each connection's session has prepared (a prepared statement lives as long as its connection). */
const preparedOn = new WeakMap<PoolClient, Set<string>>();

/**
 * Prepares a batch's reads on `client` where it has not yet: under a stream of commands the processes open a few
 * hundred batches a second between them, and PostgreSQL parsed and planned each read afresh, which cost it more
 * CPU than running them (~0.17 ms a batch; bench:api's statement report, 2026-11-29). One statement per round
 * trip, each outside any transaction, so that no failure of another can undo it; one found already there is kept.
 */
export async function prepareReads(client: PoolClient, limit: number): Promise<void> {
  let done = preparedOn.get(client);
  if (!done) preparedOn.set(client, (done = new Set<string>()));
  for (const read of [CHECKPOINTS, eventsRead(limit), UNSEEN]) {
    if (done.has(read.name)) continue;
    await client.query(read.sql).catch((err: { code?: string }) => {
      if (err.code !== ALREADY_PREPARED) throw err;
    });
    done.add(read.name);
  }
}

/**
 * After a batch failed on `client`: if its session lost the prepared reads (a `DISCARD ALL` or `DEALLOCATE` by
 * someone else), they are prepared again by the next batch instead of failing every batch on this connection.
 */
export function forgetPreparedAfter(client: PoolClient, err: unknown): void {
  if ((err as { code?: string })?.code === NOT_PREPARED) preparedOn.delete(client);
}

function readSql(names: string[], limit: number, seen: Checkpoint | undefined): string {
  const list = `ARRAY[${nameList(names)}]::text[]`;
  const read = `EXECUTE ${CHECKPOINTS.name}; EXECUTE ${eventsRead(limit).name}(${list})`;
  if (!seen) return read;
  return `${read}; EXECUTE ${UNSEEN.name}(${list}, '${seen.transactionId}'::xid8, ${seen.position})`;
}

/**
 * The channel a batch that moved the checkpoints notifies on commit: live loops that found the projections'
 * lock taken (`try`) wait for it instead of polling every few milliseconds (ProjectionLoop).
 */
export const CHECKPOINTS_MOVED_CHANNEL = 'cent_projections_moved';

/** SQLSTATE of a batch whose checkpoints another process moved meanwhile: a serialization failure (retried, never held against an event). */
export const CHECKPOINTS_MOVED_ELSEWHERE = '40001';

/**
 * Every projection's checkpoint moved from `from` (as this batch read them, in the order of `names`) to `to`,
 * and the others told at commit (a notification is sent only if the transaction commits), as statements of a
 * pipelined text (values inlined). Compare-and-set: if any checkpoint is no longer where the batch read it,
 * the batch fails with CHECKPOINTS_MOVED_ELSEWHERE and rolls back whole, so its events are never applied
 * twice even when the projections' lock did not keep another writer out (a process of a version that locked
 * the checkpoint rows instead, during a rolling deploy; a bug).
 */
export function moveCheckpointsSql(names: string[], from: Checkpoint[], to: Checkpoint): string {
  const expected = names.map((n, i) => `(${escapeLiteral(n)}, '${from[i].transactionId}'::xid8, ${from[i].position}::bigint)`).join(', ');
  return `DO $move$
          DECLARE moved int;
          BEGIN
            UPDATE projection_checkpoints c
               SET last_transaction_id = '${to.transactionId}'::xid8, last_position = ${to.position}, updated_at = now()
              FROM (VALUES ${expected}) AS f(name, transaction_id, position)
             WHERE c.name = f.name AND c.last_transaction_id = f.transaction_id AND c.last_position = f.position;
            GET DIAGNOSTICS moved = ROW_COUNT;
            IF moved <> ${names.length} THEN
              RAISE EXCEPTION 'projection checkpoints were moved by another process during this batch'
                USING ERRCODE = '${CHECKPOINTS_MOVED_ELSEWHERE}';
            END IF;
          END $move$;
          NOTIFY ${CHECKPOINTS_MOVED_CHANNEL}`;
}

/** Opens a batch in one round trip (two the first time, when the checkpoint rows are created). */
export async function openBatch(client: PoolClient, names: string[], limit: number, seen: Checkpoint | undefined, mode: LockMode): Promise<OpenedBatch> {
  await prepareReads(client, limit);
  const results = (await client.query(openSql(names, limit, seen, mode)).catch((err: unknown) => {
    forgetPreparedAfter(client, err);
    throw err;
  })) as unknown as QueryResult[];
  return openedBatch(client, names, limit, seen, results.slice(1));
}

/** How many results `openSql` gives after its START TRANSACTION. */
export function openResultCount(seen: Checkpoint | undefined): number {
  return seen ? 4 : 3;
}

/**
 * The checkpoints (in the order of `names`) and events an open answered (`results`: those after its START
 * TRANSACTION), creating the checkpoint rows first if some are missing.
 */
export async function openedBatch(
  client: PoolClient, names: string[], limit: number, seen: Checkpoint | undefined, results: QueryResult[],
): Promise<OpenedBatch> {
  const [lock, ...read] = results;
  const locked = lock.rows[0].locked === true;
  const ours = (rows: Array<{ name: string; last_transaction_id: string; last_position: string }>) => rows.filter((r) => names.includes(r.name));
  // Only the first batch (or the first after a rebuild emptied them) has rows to create.
  if (ours(read[0].rows).length < names.length) {
    await client.query(`INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`, [names]);
    read.splice(0, read.length, ...((await client.query(readSql(names, limit, seen))) as unknown as QueryResult[]));
  }
  const [checkpointRows, events, since] = read;
  const byName = new Map(
    ours(checkpointRows.rows).map((r) => [r.name, { transactionId: BigInt(r.last_transaction_id), position: BigInt(r.last_position) }]),
  );
  return {
    locked,
    checkpoints: names.map((n) => byName.get(n) ?? START),
    events: locked ? (events.rows as EventRow[]).map(toStoredEvent) : [],
    seenSince: since && since.rows.length <= UNSEEN_EVENTS_MAX ? (since.rows as EventRow[]).map(toStoredEvent) : null,
  };
}
