import { DataSource } from 'typeorm';
import { INDEXER_MIGRATIONS } from './migrations';

/** The indexer's record of its applied migrations (the backend keeps its own in `migrations`). */
export const INDEXER_MIGRATIONS_TABLE = 'indexer_migrations';

/** Indexer instances (leader and standbys) may start at once: one migrates at a time. */
const INDEXER_MIGRATION_LOCK = 7_231_002;

/**
 * Creates or updates the indexer's tables: run by the indexer at start (IndexerModule), by `npm run audit`
 * and by the indexer's test setup. On its own connections, without a statement timeout, under an advisory
 * lock. The tables are the indexer's bookkeeping only, so this never waits for nor touches the backend's.
 */
export async function migrateIndexer(databaseUrl: string): Promise<void> {
  const dataSource = await new DataSource({
    type: 'postgres',
    url: databaseUrl,
    entities: [],
    migrations: INDEXER_MIGRATIONS,
    migrationsTableName: INDEXER_MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Two connections: one holds the advisory lock while runMigrations works on the other.
    extra: { max: 2 },
  }).initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [INDEXER_MIGRATION_LOCK]);
    await adoptBackendRecords(dataSource);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [INDEXER_MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}

/**
 * Until issue 23 the backend ran these same migrations and recorded them in its `migrations` table: on such a
 * database they are copied into `indexer_migrations` first, so none is applied twice (the tables and their
 * rows stay as they are). The table is created here with TypeORM's own columns, which then finds it.
 */
async function adoptBackendRecords(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (m) => {
    await m.query(`CREATE TABLE IF NOT EXISTS ${INDEXER_MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, "timestamp" bigint NOT NULL, name varchar NOT NULL)`);
    const [{ present }] = await m.query(`SELECT to_regclass('migrations') IS NOT NULL AS present`);
    if (!present) return;
    await m.query(
      `INSERT INTO ${INDEXER_MIGRATIONS_TABLE} ("timestamp", name)
       SELECT b."timestamp", b.name FROM migrations b
        WHERE b.name = ANY($1) AND NOT EXISTS (SELECT 1 FROM ${INDEXER_MIGRATIONS_TABLE} i WHERE i.name = b.name)
        ORDER BY b.id`,
      [INDEXER_MIGRATIONS.map((Migration) => new Migration().name)],
    );
  });
}
