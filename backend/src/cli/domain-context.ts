import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DomainModule } from '../domain.module';
import { loadCliConfig, openCliDatabase } from './cli-config';

/**
 * The domain (no HTTP) for one-shot operator commands, on the database of the environment or of the
 * running `npm start` (cli-config.ts); `close` also stops an embedded database it started.
 */
export async function openDomainContext(): Promise<{ app: INestApplicationContext; close(): Promise<void> }> {
  const cli = loadCliConfig();
  const config = cli.config;
  const db = await openCliDatabase(cli);
  // An operator's batch (a rebuild replays every event in big batches) is not a request to answer in
  // seconds: no statement timeout unless DB_STATEMENT_TIMEOUT_MS is set for it.
  const timeouts = process.env.DB_STATEMENT_TIMEOUT_MS === undefined ? { ...config, DB_STATEMENT_TIMEOUT_MS: 0 } : config;
  const app = await NestFactory.createApplicationContext(DomainModule.forRoot(timeouts, db.url), { logger: ['error', 'warn'] });
  return {
    app,
    close: async () => {
      await app.close();
      await db.stop();
    },
  };
}
