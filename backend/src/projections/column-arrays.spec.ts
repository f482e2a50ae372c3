import { Client } from 'pg';
import { columnArrays, columnKind } from './column-arrays';
import { inlineParams } from './sql-literal';

/**
 * Rows written as column arrays must land exactly as the same rows written as one JSON document
 * (jsonb_populate_recordset, what row projections wrote before), whatever the values.
 */
describe('columnArrays', () => {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  beforeAll(async () => {
    await client.connect();
    await client.query(`CREATE TEMP TABLE column_arrays_probe (
      id int PRIMARY KEY, t text, n numeric(78, 0), f double precision, b boolean, at timestamptz, big bigint, j jsonb, plain json)`);
  });
  afterAll(() => client.end());

  const tricky = [`it's`, 'back\\slash', 'a "quoted" word', '{braces},commas', 'NULL', '', 'ünïcødé ✓', "'); DROP TABLE x; --", '$1', 'tab\there\nnewline'];
  const rows: Array<Record<string, unknown>> = [
    ...tricky.map((t, i) => ({ id: i + 1, t, n: '115792089237316195423570985008687907853269984665640564039457584007913129639935', f: 0.1 + 0.2, b: i % 2 === 0, at: '2026-11-29T03:41:21.472+00:00', big: '9007199254740993', j: { s: t, nested: [t, null, 1.5] }, plain: [t] })),
    { id: 20, t: null, n: 12345678901234567890n, f: -1e-7, b: null, at: new Date('2026-11-23T12:34:56.789Z'), big: 2n ** 62n, j: null, plain: null },
    { id: 21, t: undefined, n: 0, f: Number.NaN, b: false, at: new Date(Number.NaN), big: -1, j: 'a JSON string', plain: { deep: { q: '"\\' } } },
    { id: 22, t: 'x', n: '1', f: 1e21, b: true, at: '2026-01-01', big: 0, j: [{ n: 10n }], plain: true },
  ];
  const columns = ['id', 't', 'n', 'f', 'b', 'at', 'big', 'j', 'plain'];
  const types: Record<string, string> = {
    id: 'integer', t: 'text', n: 'numeric(78,0)', f: 'double precision', b: 'boolean', at: 'timestamp with time zone', big: 'bigint', j: 'jsonb', plain: 'json',
  };

  /** What each path stored, every column as text (json compared by value). */
  async function stored(): Promise<unknown[]> {
    const { rows: found } = await client.query(
      `SELECT id, t, n::text, f::text, b, at::text, big::text, j, plain::jsonb AS plain FROM column_arrays_probe ORDER BY id`,
    );
    await client.query(`TRUNCATE column_arrays_probe`);
    return found;
  }

  it('stores every value as the JSON document did', async () => {
    const json = JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    await client.query(inlineParams(
      `INSERT INTO column_arrays_probe (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::column_arrays_probe, $1::jsonb)`,
      [json],
    ));
    const viaJson = await stored();

    const arrays = columnArrays(rows, columns, columns.map((c) => columnKind(types[c])!));
    expect(arrays).not.toBeNull();
    await client.query(inlineParams(
      `INSERT INTO column_arrays_probe (${columns.join(', ')}) SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${types[c]}[]`).join(', ')})`,
      arrays!,
    ));
    const viaArrays = await stored();

    expect(viaArrays).toHaveLength(rows.length);
    expect(viaArrays).toEqual(viaJson);
  });

  it('declines what it cannot write the same way: array columns, objects in non-JSON columns', () => {
    expect(columnKind('text[]')).toBeNull();
    expect(columnKind('jsonb')).toBe('json');
    expect(columnKind('timestamp with time zone')).toBe('text');
    expect(columnArrays([{ t: { an: 'object' } }], ['t'], ['text'])).toBeNull();
    expect(columnArrays([{ t: 'plain' }], ['t'], ['text'])).toEqual(['{"plain"}']);
  });
});
