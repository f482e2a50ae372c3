import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@cent/backend';
import { createTestDatabase } from '@cent/backend/testing';
import { INDEXER_MIGRATIONS } from './migrations';
import { migrateIndexer } from './indexer-migrations';

const INDEXER_TABLES = ['indexer_checkpoints', 'indexer_blocks', 'indexer_applied_logs', 'payout_transactions', 'leader_epochs'];

async function withDb<T>(url: string, run: (db: DataSource) => Promise<T>): Promise<T> {
  const db = await new DataSource({ type: 'postgres', url, extra: { max: 2 } }).initialize();
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

const tablesOf = (url: string) =>
  withDb(url, async (db) => {
    const rows: Array<{ t: string }> = await db.query(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'`);
    return rows.map((r) => r.t);
  });

const recorded = (url: string, table: string) =>
  withDb(url, async (db) => (await db.query(`SELECT name FROM ${table} ORDER BY id`)).map((r: { name: string }) => r.name));

const NAMES = INDEXER_MIGRATIONS.map((M) => new M().name);

describe('the indexer migrates its own tables', () => {
  it('creates them on a fresh, empty database, recorded in indexer_migrations, and a second run changes nothing', async () => {
    const url = await createTestDatabase('idxmig');
    await migrateIndexer(url);
    expect(await tablesOf(url)).toEqual(expect.arrayContaining([...INDEXER_TABLES, 'indexer_migrations']));
    await migrateIndexer(url);
    expect(await recorded(url, 'indexer_migrations')).toEqual(NAMES);
    // The backend's own migrations run beside them in either order (no table of one depends on the other's).
    const backend = await new DataSource(dataSourceOptions(url, 2)).initialize();
    try {
      await backend.runMigrations({ transaction: 'each' });
    } finally {
      await backend.destroy();
    }
    expect(await recorded(url, 'migrations')).not.toEqual(expect.arrayContaining([NAMES[0]]));
  });

  it('indexers starting at the same moment migrate once (advisory lock)', async () => {
    const url = await createTestDatabase('idxmig');
    await Promise.all([migrateIndexer(url), migrateIndexer(url), migrateIndexer(url)]);
    expect(await recorded(url, 'indexer_migrations')).toEqual(NAMES);
  });

  it('adopts the records of a database the backend migrated before issue 23: nothing applied twice, rows kept', async () => {
    const url = await createTestDatabase('idxmig');
    // Such a database: the backend's migrations (its table `migrations`) then the same four, recorded there too.
    const old = await new DataSource({ ...dataSourceOptions(url, 2), migrations: INDEXER_MIGRATIONS }).initialize();
    try {
      await old.runMigrations({ transaction: 'each' });
      await old.query(`INSERT INTO indexer_checkpoints (source, block_number, block_hash) VALUES ('31337:0xabc', 9007199254740993, '0x01')`);
    } finally {
      await old.destroy();
    }
    expect(await recorded(url, 'migrations')).toEqual(NAMES);

    await migrateIndexer(url); // without adoption: "relation "indexer_checkpoints" already exists"
    await migrateIndexer(url);

    expect(await recorded(url, 'indexer_migrations')).toEqual(NAMES);
    const rows = await withDb(url, (db) => db.query(`SELECT block_number::text AS b FROM indexer_checkpoints`));
    expect(rows).toEqual([{ b: '9007199254740993' }]);
    // The backend, whose list no longer holds them, starts on it as before (it ignores records it does not know).
    const backend = await new DataSource(dataSourceOptions(url, 2)).initialize();
    try {
      await backend.runMigrations({ transaction: 'each' });
    } finally {
      await backend.destroy();
    }
  });
});
