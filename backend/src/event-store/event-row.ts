import { StoredEvent } from './stored-event';

/** A row of `events` as the readers select it. */
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

/** The columns of `events` every reader selects, in the shape of EventRow (what `toStoredEvent` reads). */
export const EVENT_ROW_COLUMNS = 'global_position, transaction_id, stream_id, stream_version, event_type, data, metadata, created_at';

/**
 * The statement behind `EventStore.readAll`: events after `after` (an SQL row expression `(transaction id,
 * position)`), at most `limit`, never past the oldest running transaction. Shared with the projection
 * runner, which reads after its checkpoints in the same round trip as it locks them.
 */
export function visibleEventsAfter(after: string, limit: string): string {
  return `SELECT ${EVENT_ROW_COLUMNS}
         FROM events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (transaction_id, global_position) > ${after}
        ORDER BY transaction_id, global_position
        LIMIT ${limit}`;
}
