import { Client } from 'pg';
import { createTestDatabase } from '../../test/test-database';

/**
 * The jest run's PostgreSQL is the one `startEmbeddedPostgres` initialises for `npm start` (test/global-setup.ts):
 * what its cluster is made with holds for every database in it.
 */
describe('the embedded PostgreSQL cluster', () => {
  let db: Client;
  beforeAll(async () => {
    db = new Client({ connectionString: await createTestDatabase('embedded') });
    await db.connect();
  });
  afterAll(() => db.end());

  it('collates text by code point with C (memcmp, not strcoll), in the order the C.UTF-8 locale gave', async () => {
    const { rows } = await db.query(`SELECT datcollate FROM pg_database WHERE datname = current_database()`);
    expect(rows[0].datcollate).toBe('C');
    const sorted = await db.query(`SELECT array_agg(x ORDER BY x) AS xs FROM unnest(ARRAY['b', 'é', 'B', 'a', 'Z', 'ä']) AS x`);
    expect(sorted.rows[0].xs).toEqual(['B', 'Z', 'a', 'b', 'ä', 'é']);
  });

  it('keeps UTF-8 character classes: lower(), ILIKE and trigram search know letters beyond ASCII', async () => {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    const { rows } = await db.query(
      `SELECT current_setting('server_encoding') AS enc, lower('ÉCOLE ÄRGER') AS low, 'Große École' ILIKE '%éco%' AS ilike,
              similarity('ÉCOLE', 'école') AS same, cardinality(show_trgm('École')) AS trigrams`,
    );
    // 'É' is a word character: 'École' makes six trigrams ('  é', ' éc', 'éco', 'col', 'ole', 'le '), three under C.
    expect(rows[0]).toMatchObject({ enc: 'UTF8', low: 'école ärger', ilike: true, same: 1, trigrams: 6 });
  });
});
