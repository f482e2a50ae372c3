import { Injectable } from '@nestjs/common';
import { PoolClient } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { codeOf } from './projection-error';

/** One event a projection could not apply, as the runner found it. */
export interface QuarantinedEvent {
  projection: string;
  event: StoredEvent;
  error: unknown;
}

/** A row of projection_quarantine as the admin API shows it. */
export interface QuarantineView {
  projection: string;
  /** The event's global position (decimal string). */
  position: string;
  streamId: string;
  eventType: string;
  error: string;
  errorCode: string | null;
  attempts: number;
  quarantinedAt: string;
  lastAttemptAt: string;
}

/** The notification kind admins get for each event set aside (notifications/change-rules.ts lists it too). */
export const QUARANTINE_NOTICE = 'projection_quarantined';

const MAX_ERROR = 2000;
const INT4_MAX = 2 ** 31 - 1;

/**
 * The error as text PostgreSQL accepts: an error built from the event's own data can hold NUL or a lone
 * surrogate, which text and jsonb refuse — and a quarantine that cannot be written would stop the runner again.
 */
const messageOf = (err: unknown, max = MAX_ERROR) =>
  // eslint-disable-next-line no-control-regex -- NUL is what text and jsonb refuse, so it is replaced
  (err instanceof Error ? err.message : String(err)).slice(0, max).replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/**
 * Records events set aside, in the batch's own transaction (so a batch that rolls back quarantines nothing),
 * and tells every admin through a notification keyed by the event's position. An event set aside again
 * (a rebuild retried it) keeps its first date and counts one more attempt.
 */
export async function recordQuarantine(client: PoolClient, items: QuarantinedEvent[]): Promise<void> {
  if (!items.length) return;
  const rows = items.map(({ projection, event, error }) => ({
    projection,
    global_position: event.globalPosition.toString(),
    transaction_id: event.transactionId.toString(),
    stream_id: event.streamId,
    event_type: event.type,
    error: messageOf(error),
    error_code: codeOf(error),
  }));
  const taskIdOf = (e: StoredEvent) => {
    const id = (e.data as { taskId?: unknown } | null)?.taskId;
    return typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= INT4_MAX ? id : 0;
  };
  const notices = items.map(({ projection, event, error }) => ({
    position: event.globalPosition.toString(),
    task_id: taskIdOf(event),
    detail: { projection, eventType: event.type, streamId: event.streamId, reason: messageOf(error, 300) },
  }));
  await client.query(
    `INSERT INTO projection_quarantine (projection, global_position, transaction_id, stream_id, event_type, error, error_code)
     SELECT projection, global_position, transaction_id::xid8, stream_id, event_type, error, error_code
       FROM jsonb_to_recordset($1::jsonb) AS r(projection text, global_position bigint, transaction_id text, stream_id text,
                                               event_type text, error text, error_code text)
     ON CONFLICT (projection, global_position) DO UPDATE
       SET error = EXCLUDED.error, error_code = EXCLUDED.error_code, attempts = projection_quarantine.attempts + 1,
           retry_pending = false, last_attempt_at = now()`,
    [JSON.stringify(rows)],
  );
  // Admins as the users read model knows them in this transaction (the batch's own events included).
  await client.query(
    `INSERT INTO notifications (position, user_id, kind, task_id, task_title, submission_id, detail, created_at)
     SELECT n.position, u.id, $2, n.task_id, NULL, NULL, n.detail, now()
       FROM jsonb_to_recordset($1::jsonb) AS n(position bigint, task_id integer, detail jsonb)
       CROSS JOIN users u
      WHERE u.is_admin
     ON CONFLICT (position, user_id) DO NOTHING`,
    [JSON.stringify(notices), QUARANTINE_NOTICE],
  );
}

/** Marks the quarantined events of `projections` as being retried (a rebuild replays them). */
export async function markForRetry(m: EntityManager, projections: string[]): Promise<void> {
  await m.query(`UPDATE projection_quarantine SET retry_pending = true WHERE projection = ANY($1)`, [projections]);
}

/** After a rebuild: what was retried and not set aside again applied this time. Returns how many cleared. */
export async function clearRetried(dataSource: DataSource, projections: string[]): Promise<number> {
  const rows: unknown[] = await dataSource.query(
    `DELETE FROM projection_quarantine WHERE retry_pending AND projection = ANY($1) RETURNING 1`,
    [projections],
  );
  return rows.length;
}

/** Reads of the quarantine: the admin console, the operator CLI and the metrics gauge. */
@Injectable()
export class QuarantineQueries {
  constructor(private readonly dataSource: DataSource) {}

  /** How many events are set aside (all projections): one index-only count, cheap enough for a gauge. */
  async count(): Promise<number> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM projection_quarantine`);
    return n;
  }

  /** The projections that have events set aside. */
  async projections(): Promise<string[]> {
    const rows: Array<{ projection: string }> = await this.dataSource.query(`SELECT DISTINCT projection FROM projection_quarantine ORDER BY 1`);
    return rows.map((r) => r.projection);
  }

  /** The newest `limit` events set aside, newest first. */
  async list(limit = 100): Promise<QuarantineView[]> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
    const rows: Array<Record<string, any>> = await this.dataSource.query(
      `SELECT projection, global_position::text AS position, stream_id, event_type, error, error_code, attempts, quarantined_at, last_attempt_at
         FROM projection_quarantine ORDER BY global_position DESC, projection LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      projection: r.projection,
      position: r.position,
      streamId: r.stream_id,
      eventType: r.event_type,
      error: r.error,
      errorCode: r.error_code,
      attempts: r.attempts,
      quarantinedAt: (r.quarantined_at as Date).toISOString(),
      lastAttemptAt: (r.last_attempt_at as Date).toISOString(),
    }));
  }
}
