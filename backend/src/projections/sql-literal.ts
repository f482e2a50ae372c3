import { escapeLiteral } from 'pg';

/**
 * A statement with its parameters written in as literals, the text node-pg would have sent for them
 * (arrays as array literals, objects as JSON). Lets a projection batch send several statements in one
 * simple-protocol round trip: node-pg does not pipeline parameterised statements, and every round trip of a
 * batch is on the path of each command waiting for its events.
 */
export function inlineParams(sql: string, params: unknown[] = []): string {
  return sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`statement uses $${n} but has ${params.length} parameters`);
    return literal(params[i]);
  });
}

export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} into SQL`);
    return `'${value}'`;
  }
  if (typeof value === 'bigint') return `'${value}'`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return escapeLiteral(text(value));
}

/** A value's text form, as node-pg's prepareValue gives it. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (Buffer.isBuffer(value)) throw new Error('cannot write a Buffer into SQL as a literal');
  if (typeof value === 'object') return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return String(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    return `"${text(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}
