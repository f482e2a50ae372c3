import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../config/app-config';
import { resolveDatabase } from '../database/resolve-database';
import { DomainModule } from '../domain.module';

/** The domain (no HTTP) for one-shot operator commands; `close` also stops an embedded database. */
export async function openDomainContext(): Promise<{ app: INestApplicationContext; close(): Promise<void> }> {
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const app = await NestFactory.createApplicationContext(DomainModule.forRoot(config, db.url), { logger: ['error', 'warn'] });
  return {
    app,
    close: async () => {
      await app.close();
      await db.stop();
    },
  };
}
