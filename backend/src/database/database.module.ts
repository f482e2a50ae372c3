import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { DatabaseTimeouts, pgConnectionOptions } from './pg-connection-options';

/** Without timeouts (`timeouts` omitted): CLIs, migrations. Services pass theirs (see pgConnectionOptions). */
export function dataSourceOptions(url: string, poolSize = 20, timeouts?: DatabaseTimeouts): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [],
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    // Schema changes only through migrations.
    synchronize: false,
    extra: { max: poolSize, ...(timeouts ? pgConnectionOptions(timeouts) : {}) },
  };
}

/** Any number of processes (backend replicas, indexer, CLIs) may start at once: one migrates at a time. */
const MIGRATION_LOCK = 7_231_001;

export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * TypeORM on PostgreSQL; pending migrations run at start-up, under an advisory lock, on a connection of
 * their own without the statement timeout (a migration of a big table, or waiting for another process's
 * migration, may take longer than any request should).
 */
@Module({})
export class DatabaseModule {
  static forRoot(url: string, timeouts?: DatabaseTimeouts, poolSize?: number): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(url, poolSize, timeouts),
          dataSourceFactory: async (options) => {
            // Two connections: one holds the advisory lock while runMigrations works on the other.
            const migrator = await new DataSource(dataSourceOptions(url, 2)).initialize();
            try {
              await runMigrationsExclusively(migrator);
            } finally {
              await migrator.destroy();
            }
            const dataSource = await new DataSource(options!).initialize();
            logPoolErrors(dataSource);
            return dataSource;
          },
        }),
      ],
    };
  }
}

/**
 * An idle pooled connection that PostgreSQL drops (a restart, a failover) makes the pool emit 'error';
 * without a listener Node would end the process. TypeORM listens already (a warning through its logger,
 * silent here); this says it in our log, once per outage rather than once per connection.
 */
function logPoolErrors(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: import('pg').Pool }).master;
  if (!pool) return;
  const logger = new Logger('Database');
  let last = 0;
  pool.on('error', (err) => {
    if (Date.now() - last > 10_000) logger.warn(`a pooled connection failed: ${err.message}`);
    last = Date.now();
  });
}
