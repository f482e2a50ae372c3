import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { ColumnKind, columnArrays, columnKind } from './column-arrays';
import { Projection, ProjectionBatch } from './projection';

export type Row = Record<string, unknown>;

/** One row a batch changed: as it was before the batch (undefined: new) and after. */
export interface RowChange {
  key: number;
  before: Row | undefined;
  after: Row;
}

/** Rows remembered per projection between batches (a few kB each at most). */
const MAX_REMEMBERED_ROWS = 10_000;

/**
 * A projection whose rows are each the fold of the events about one key. A batch is applied in three
 * steps — fetch the touched rows in one query, fold the events in memory, write the changed rows back
 * in one upsert (queued with the batch's commit) — so rebuilding costs a few statements per batch rather
 * than one per event.
 *
 * The rows a batch folded or read are remembered for the next batch: a row is the fold of the events up to
 * the projection's checkpoint, so while the checkpoint stays where this process left it nobody else can have
 * changed the row (the runner calls `forget` otherwise). Live batches then fetch nothing: the rows they touch
 * were written a moment ago, or are created by the batch's own events.
 */
export abstract class RowProjection implements Projection {
  abstract readonly name: string;
  abstract readonly table: string;
  /** Primary key column (integer). */
  protected readonly key: string = 'id';
  private readonly remembered = new Map<number, Row>();
  private types: Map<string, string> | undefined;

  get tables(): string[] {
    return [this.table];
  }

  /** The row key(s) an event concerns, or none. */
  protected abstract keysOf(event: StoredEvent): number[];

  /** The row after the event; `undefined` in means no row yet. Must not mutate `row`. */
  protected abstract fold(row: Row | undefined, event: StoredEvent, key: number): Row | undefined;

  /** True when the event starts its row afresh (fold ignores the row before): the row need not be fetched. */
  protected creates(_event: StoredEvent): boolean {
    return false;
  }

  /**
   * The columns the event sets on an existing row whatever else the row holds (its fold is the row with these
   * values), or null when its change depends on the row. A row not in memory whose events in a batch are all
   * patches is not fetched: one UPDATE sets their columns (a missing row stays missing, as fold leaves it). A
   * backfill's payouts then neither read nor rewrite the submissions' twenty other columns. Not for projections
   * with a `changed` hook, which needs whole rows: theirs are always fetched.
   */
  protected patchOf(_event: StoredEvent): Row | null {
    return null;
  }

  /** Called with the rows the batch changed, after their upsert is queued (same transaction). */
  protected async changed(_changes: RowChange[], _events: StoredEvent[], _tx: QueryRunner, _batch: ProjectionBatch): Promise<void> {}

  forget(): void {
    this.remembered.clear();
  }

  async apply(events: StoredEvent[], tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    const rows = new Map<number, Row>();
    const unknown = new Set<number>();
    // Keys not in memory whose every event so far is a patch: each with the patches merged, in event order.
    const patched = new Map<number, Row>();
    const patches = this.changed === RowProjection.prototype.changed;
    const seen = new Set<number>();
    for (const e of events) {
      const keys = this.keysOf(e);
      if (!keys.length) continue;
      const patch = patches ? this.patchOf(e) : null;
      for (const k of keys) {
        if (seen.has(k)) {
          const merged = patched.get(k);
          if (merged && patch) Object.assign(merged, patch);
          else if (merged) {
            patched.delete(k);
            unknown.add(k);
          }
          continue;
        }
        seen.add(k);
        const row = this.remembered.get(k);
        if (row) rows.set(k, row);
        else if (this.creates(e)) continue;
        else if (patch) patched.set(k, { ...patch });
        else unknown.add(k);
      }
    }
    if (seen.size === 0) return;
    const types = await this.columnTypes(tx);
    const patchWrites = patched.size ? this.patchUpdates(patched, types) : [];
    if (!patchWrites) for (const k of patched.keys()) unknown.add(k);
    if (unknown.size) {
      const found: Row[] = await tx.query(`SELECT * FROM ${this.table} WHERE ${this.key} = ANY($1)`, [[...unknown]]);
      for (const r of found) rows.set(Number(r[this.key]), r);
    }
    for (const w of patchWrites ?? []) batch.write(w.sql, w.params);
    const folded = patchWrites ? (k: number) => !patched.has(k) : () => true;
    const before = new Map(rows);
    const changed = new Set<number>();
    for (const e of events) {
      for (const k of this.keysOf(e)) {
        if (!folded(k)) continue;
        const next = this.fold(rows.get(k), e, k);
        if (next && next !== rows.get(k)) {
          rows.set(k, next);
          changed.add(k);
        }
      }
    }
    for (const [k, row] of rows) this.remember(k, row);
    if (changed.size === 0) return;
    const payload = [...changed].map((k) => rows.get(k) as Row);
    const columns = Object.keys(payload[0]);
    const updates = columns.filter((c) => c !== this.key).map((c) => `${c} = EXCLUDED.${c}`);
    const kinds = columns.map((c) => (types.has(c) ? columnKind(types.get(c)!) : null));
    const arrays = kinds.every((k) => k !== null) ? columnArrays(payload, columns, kinds as ColumnKind[]) : null;
    if (arrays) {
      // One typed array per column: far cheaper for PostgreSQL to read than the same rows as one JSON document.
      batch.write(
        `INSERT INTO ${this.table} (${columns.join(', ')})
         SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ')})
         ON CONFLICT (${this.key}) DO UPDATE SET ${updates.join(', ')}`,
        arrays,
      );
    } else {
      // jsonb_populate_recordset converts each JSON field to the column's own type (timestamps, numerics).
      batch.write(
        `INSERT INTO ${this.table} (${columns.join(', ')})
         SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${this.table}, $1::jsonb)
         ON CONFLICT (${this.key}) DO UPDATE SET ${updates.join(', ')}`,
        [rowsJson(payload)],
      );
    }
    await this.changed([...changed].map((k) => ({ key: k, before: before.get(k), after: rows.get(k) as Row })), events, tx, batch);
  }

  /**
   * One UPDATE per set of patched columns (a batch's payouts all set the same ones), as typed column arrays; null
   * when some value cannot be written that way (the caller then fetches and folds those rows as any other).
   */
  private patchUpdates(patched: Map<number, Row>, types: Map<string, string>): Array<{ sql: string; params: string[] }> | null {
    const groups = new Map<string, number[]>();
    for (const [k, patch] of patched) {
      const signature = Object.keys(patch).join(',');
      const group = groups.get(signature);
      if (group) group.push(k);
      else groups.set(signature, [k]);
    }
    const updates: Array<{ sql: string; params: string[] }> = [];
    for (const [signature, keys] of groups) {
      const columns = [this.key, ...signature.split(',')];
      const kinds = columns.map((c) => (types.has(c) ? columnKind(types.get(c)!) : null));
      if (kinds.some((k) => k === null)) return null;
      const arrays = columnArrays(keys.map((k) => ({ ...patched.get(k), [this.key]: k })), columns, kinds as ColumnKind[]);
      if (!arrays) return null;
      // The values go as text and are cast in SET, row by row: only those of rows that exist are converted, so a
      // value the column cannot take (an event's empty date) fails the batch only when it would have been
      // written, as with a folded row, and a patch of a missing row stays a no-op.
      updates.push({
        sql: `UPDATE ${this.table} AS t SET ${columns.slice(1).map((c) => `${c} = x.${c}::${types.get(c)}`).join(', ')}
                FROM unnest($1::${types.get(this.key)}[], ${columns.slice(1).map((_c, i) => `$${i + 2}::text[]`).join(', ')})
                  AS x(${columns.join(', ')})
               WHERE t.${this.key} = x.${this.key}`,
        params: arrays,
      });
    }
    return updates;
  }

  /** The table's column types (`format_type`), read once: the schema does not change under a running process. */
  private async columnTypes(tx: QueryRunner): Promise<Map<string, string>> {
    if (!this.types) {
      const found: Array<{ name: string; type: string }> = await tx.query(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type
           FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
        [this.table],
      );
      this.types = new Map(found.map((c) => [c.name, c.type]));
    }
    return this.types;
  }

  private remember(key: number, row: Row): void {
    // Re-inserted: a Map keeps insertion order, so its first key is the least recently used.
    this.remembered.delete(key);
    this.remembered.set(key, row);
    if (this.remembered.size > MAX_REMEMBERED_ROWS) this.remembered.delete(this.remembered.keys().next().value as number);
  }
}

/**
 * The rows as JSON, bigints as their digits. Without a replacer first: JSON.stringify takes its fast native path
 * (a replacer is called for every field of every row, ~2x slower on a backfill's thousands of rows) and throws a
 * TypeError only when a row holds a bigint.
 */
function rowsJson(rows: unknown[]): string {
  try {
    return JSON.stringify(rows);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  }
}
