import { DynamicModule, Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AppConfig, createAppLogger, DomainModule, ProjectionRunner } from '@cent/backend';
import { Logger } from './chain/json-rpc';
import { PinoLogger } from './logging/pino-logger';
import { IndexerRunner } from './indexer-runner';
import { indexerSettings } from './settings';

/** The backend's domain (same command bus, event store and projections as the API) plus the indexer. */
@Module({})
export class IndexerModule {
  /** `logger`: the process's (main.ts passes its pino logger); default a JSON logger at LOG_LEVEL. */
  static forRoot(config: AppConfig, databaseUrl: string, options: { payouts?: boolean } = {}, logger?: Logger): DynamicModule {
    const log = logger ?? new PinoLogger(createAppLogger(config, 'indexer'));
    return {
      module: IndexerModule,
      imports: [DomainModule.forRoot(config, databaseUrl)],
      providers: [
        {
          provide: IndexerRunner,
          inject: [DataSource, CommandBus, ProjectionRunner],
          useFactory: (db: DataSource, commands: CommandBus, projections: ProjectionRunner) =>
            new IndexerRunner(indexerSettings(config, options), db, commands, databaseUrl, log, options, projections),
        },
      ],
      exports: [IndexerRunner],
    };
  }
}
