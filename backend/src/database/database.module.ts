import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSourceOptions } from 'typeorm';
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

/** TypeORM on PostgreSQL; pending migrations run at start-up. */
@Module({})
export class DatabaseModule {
  static forRoot(url: string, poolSize?: number): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(url, poolSize), migrationsRun: true })],
    };
  }
}
