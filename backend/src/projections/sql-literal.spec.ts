import { Client } from 'pg';
import { inlineParams } from './sql-literal';

/** Written in as literals, parameters must reach PostgreSQL exactly as node-pg sends them bound. */
describe('inlineParams', () => {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  const tricky = [`it's`, 'back\\slash', 'a "quoted" word', '{braces},commas', 'NULL', '', 'ünïcødé ✓', "'); DROP TABLE x; --", '$1'];
  const cases: Array<[string, string, unknown[]]> = [
    ['text', 'SELECT $1::text AS v', [tricky[0]]],
    ['every tricky text', 'SELECT $1::text AS a, $2::text AS b, $3::text AS c, $4::text AS d, $5::text AS e, $6::text AS f, $7::text AS g, $8::text AS h, $9::text AS i', tricky],
    ['text arrays with nulls', 'SELECT $1::text[] AS v', [[...tricky, null]]],
    ['int arrays', 'SELECT $1::int[] AS v', [[1, -2, 3]]],
    ['jsonb', 'SELECT $1::jsonb AS v', [JSON.stringify([{ s: tricky, n: 1.5, nested: { q: '"' } }])]],
    ['numbers, bigints, booleans, nulls', 'SELECT $1::int AS a, $2::bigint AS b, $3::numeric AS c, $4::boolean AS d, $5::text AS e', [42, 2n ** 62n, 0.1, false, null]],
    ['timestamps', 'SELECT $1::timestamptz AS v', [new Date('2026-11-23T12:34:56.789Z')]],
    ['objects as JSON', 'SELECT $1::jsonb AS v', [{ a: [1, 'two'], b: null }]],
  ];

  it.each(cases)('%s', async (_name, sql, params) => {
    const bound = await client.query(sql, params);
    const inlined = await client.query(inlineParams(sql, params));
    expect(inlined.rows).toEqual(bound.rows);
  });

  it('refuses a placeholder without a parameter and values SQL cannot hold', () => {
    expect(() => inlineParams('SELECT $2', [1])).toThrow('uses $2');
    expect(() => inlineParams('SELECT $1', [Number.NaN])).toThrow();
  });
});
