import { DynamicModule, Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AppConfig, createAppLogger, DomainModule, ProjectionRunner } from '@cent/backend';
import { Logger } from './chain/json-rpc';
import { PinoLogger } from './logging/pino-logger';
import { IndexerRunner } from './indexer-runner';
import { migrateIndexer } from './database/indexer-migrations';
import { indexerSettings, loadIndexerEnv } from './settings';

/** The backend's domain (same command bus, event store and projections as the API) plus the indexer and its tables. */
@Module({})
export class IndexerModule {
  /**
   * `options.env`: where the indexer's own keys are read (src/settings.ts; default process.env); `payouts`
   * overrides INDEXER_PAYOUTS. `logger`: the process's (main.ts passes its pino logger); default a JSON
   * logger at LOG_LEVEL.
   */
  static forRoot(config: AppConfig, databaseUrl: string, options: { payouts?: boolean; env?: NodeJS.ProcessEnv } = {}, logger?: Logger): DynamicModule {
    const log = logger ?? new PinoLogger(createAppLogger(config, 'indexer'));
    const settings = indexerSettings(config, loadIndexerEnv(options.env), { payouts: options.payouts });
    return {
      module: IndexerModule,
      imports: [DomainModule.forRoot(config, databaseUrl)],
      providers: [
        {
          provide: IndexerRunner,
          inject: [DataSource, CommandBus, ProjectionRunner],
          // The indexer's own tables first (its migrations, after the backend's: DataSource is ready).
          useFactory: async (db: DataSource, commands: CommandBus, projections: ProjectionRunner) => {
            await migrateIndexer(databaseUrl);
            return new IndexerRunner(settings, db, commands, databaseUrl, log, projections);
          },
        },
      ],
      exports: [IndexerRunner],
    };
  }
}
