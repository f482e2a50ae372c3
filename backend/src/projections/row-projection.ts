import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch } from './projection';

export type Row = Record<string, unknown>;

/** One row a batch changed: as it was before the batch (undefined: new) and after. */
export interface RowChange {
  key: number;
  before: Row | undefined;
  after: Row;
}

/**
 * A projection whose rows are each the fold of the events about one key. A batch is applied in three
 * steps — fetch the touched rows in one query, fold the events in memory, write the changed rows back
 * in one upsert — so rebuilding costs a few statements per batch rather than one per event.
 */
export abstract class RowProjection implements Projection {
  abstract readonly name: string;
  abstract readonly table: string;
  /** Primary key column (integer). */
  protected readonly key: string = 'id';

  get tables(): string[] {
    return [this.table];
  }

  /** The row key(s) an event concerns, or none. */
  protected abstract keysOf(event: StoredEvent): number[];

  /** The row after the event; `undefined` in means no row yet. Must not mutate `row`. */
  protected abstract fold(row: Row | undefined, event: StoredEvent, key: number): Row | undefined;

  /** Called with the rows the batch changed, after they are written (same transaction). */
  protected async changed(_changes: RowChange[], _events: StoredEvent[], _tx: QueryRunner, _batch: ProjectionBatch): Promise<void> {}

  async apply(events: StoredEvent[], tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    const touched = new Set<number>();
    for (const e of events) for (const k of this.keysOf(e)) touched.add(k);
    if (touched.size === 0) return;
    const rows = new Map<number, Row>();
    const found: Row[] = await tx.query(`SELECT * FROM ${this.table} WHERE ${this.key} = ANY($1)`, [[...touched]]);
    for (const r of found) rows.set(Number(r[this.key]), r);
    const before = new Map(rows);
    const changed = new Set<number>();
    for (const e of events) {
      for (const k of this.keysOf(e)) {
        const next = this.fold(rows.get(k), e, k);
        if (next && next !== rows.get(k)) {
          rows.set(k, next);
          changed.add(k);
        }
      }
    }
    if (changed.size === 0) return;
    const payload = [...changed].map((k) => rows.get(k));
    const columns = Object.keys(payload[0] as Row);
    const updates = columns.filter((c) => c !== this.key).map((c) => `${c} = EXCLUDED.${c}`);
    // jsonb_populate_recordset converts each JSON field to the column's own type (timestamps, numerics).
    await tx.query(
      `INSERT INTO ${this.table} (${columns.join(', ')})
       SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${this.table}, $1::jsonb)
       ON CONFLICT (${this.key}) DO UPDATE SET ${updates.join(', ')}`,
      [JSON.stringify(payload, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))],
    );
    await this.changed([...changed].map((k) => ({ key: k, before: before.get(k), after: rows.get(k) as Row })), events, tx, batch);
  }
}
