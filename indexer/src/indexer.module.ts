import { DynamicModule, Logger, Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AppConfig, DomainModule, ProjectionRunner } from '@cent/backend';
import { IndexerRunner } from './indexer-runner';
import { indexerSettings } from './settings';

/** The backend's domain (same command bus, event store and projections as the API) plus the indexer. */
@Module({})
export class IndexerModule {
  static forRoot(config: AppConfig, databaseUrl: string, options: { payouts?: boolean } = {}): DynamicModule {
    return {
      module: IndexerModule,
      imports: [DomainModule.forRoot(config, databaseUrl)],
      providers: [
        {
          provide: IndexerRunner,
          inject: [DataSource, CommandBus, ProjectionRunner],
          useFactory: (db: DataSource, commands: CommandBus, projections: ProjectionRunner) =>
            new IndexerRunner(indexerSettings(config, options), db, commands, databaseUrl, new Logger('Indexer'), options, projections),
        },
      ],
      exports: [IndexerRunner],
    };
  }
}
