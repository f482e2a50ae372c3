import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

export function dataSourceOptions(url: string, poolSize = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [],
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    // Schema changes only through migrations.
    synchronize: false,
    extra: { max: poolSize },
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

/** TypeORM on PostgreSQL; pending migrations run at start-up, under an advisory lock. */
@Module({})
export class DatabaseModule {
  static forRoot(url: string, poolSize?: number): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(url, poolSize),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            await runMigrationsExclusively(dataSource);
            return dataSource;
          },
        }),
      ],
    };
  }
}
