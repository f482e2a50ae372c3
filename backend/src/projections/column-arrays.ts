/**
 * Rows written as one PostgreSQL array literal per column, for `INSERT … SELECT * FROM unnest($1::int[], $2::text[], …)`.
 *
 * Why not one JSON document (`jsonb_populate_recordset($1::jsonb)`): a backfill's batch writes thousands of rows,
 * and PostgreSQL parsed the JSON into a jsonb tree before converting each field: for the 7,039 submission rows of
 * the realistic bench range (5 MB of JSON) 100 ms, against 35 ms for the same rows as typed column arrays (2.4 MB:
 * no key repeated per row). Same conversions: each value goes through its column type's text input either way.
 */

/** How a column's values are written: as JSON text (json, jsonb) or as their text form (every other scalar type). */
export type ColumnKind = 'json' | 'text';

/** The kind of a column of this SQL type, or null for one these literals cannot carry (arrays: unnest would flatten them). */
export function columnKind(sqlType: string): ColumnKind | null {
  if (sqlType.endsWith('[]')) return null;
  return sqlType === 'json' || sqlType === 'jsonb' ? 'json' : 'text';
}

const NEEDS_ESCAPE = /["\\]/;

/** One element of an array literal: always quoted (so 'NULL' or '' stay strings), `"` and `\` escaped. */
function element(s: string): string {
  return NEEDS_ESCAPE.test(s) ? `"${s.replace(/["\\]/g, '\\$&')}"` : `"${s}"`;
}

const bigintsAsDigits = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** JSON text of a value as JSON.stringify gives it within the rows' JSON document; null where that would be JSON null. */
function jsonText(v: unknown): string | null {
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    text = JSON.stringify(v, bigintsAsDigits);
  }
  return text === undefined || text === 'null' ? null : text;
}

/**
 * A scalar's text form, as its field in the JSON document would have given it to the column's input function;
 * null for SQL NULL (JSON null: a non-finite number, an invalid date). Throws on a value whose JSON form is not
 * plain text (an object for a non-JSON column): the caller writes that batch as JSON instead.
 */
function scalarText(v: unknown): string | null {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return Number.isFinite(v) ? String(v) : null;
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
      throw new NotAScalar();
  }
}

class NotAScalar extends Error {}

/** One column's values as an array literal (`{"1","2",NULL}`). */
export function columnArrayLiteral(values: readonly unknown[], kind: ColumnKind): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const text = v === null || v === undefined ? null : kind === 'json' ? jsonText(v) : scalarText(v);
    parts[i] = text === null ? 'NULL' : element(text);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The rows' `columns` as one array literal each, in the order of `columns`, or null when some value cannot be
 * written this way (an object in a non-JSON column): the caller then writes the rows as one JSON document.
 */
export function columnArrays(rows: ReadonlyArray<Record<string, unknown>>, columns: string[], kinds: ColumnKind[]): string[] | null {
  try {
    return columns.map((c, i) => columnArrayLiteral(rows.map((r) => r[c]), kinds[i]));
  } catch (err) {
    if (err instanceof NotAScalar) return null;
    throw err;
  }
}
