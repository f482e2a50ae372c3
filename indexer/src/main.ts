import 'reflect-metadata';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig, onShutdown, resolveDatabase } from '@cent/backend';
import { IndexerModule } from './indexer.module';
import { IndexerRunner } from './indexer-runner';

const LEVELS: Record<string, LogLevel[]> = {
  silent: [],
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/**
 * `npm run start -w indexer`: the log follower and the payout worker, leader-elected. Configuration is
 * the backend's (DATABASE_URL, CHAIN_ID, RPC_URL, ESCROW_ADDRESS, CONFIRMATIONS, RELEASER_PRIVATE_KEY…).
 * INDEXER_PAYOUTS=false runs the follower alone.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded PostgreSQL's own log only at debug level (npm start passes DATABASE_URL anyway).
  const db = await resolveDatabase(config, config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? (line) => console.log(line) : undefined);
  const app = await NestFactory.createApplicationContext(
    IndexerModule.forRoot(config, db.url, { payouts: process.env.INDEXER_PAYOUTS !== 'false' }),
    { logger: LEVELS[config.LOG_LEVEL] },
  );
  const runner = app.get(IndexerRunner);
  runner.start();
  console.log(`CENT indexer: escrow ${runner.settings.escrow} on chain ${runner.settings.chainId} from block ${runner.settings.startBlock}, releaser ${runner.worker.address}`);
  onShutdown(async () => {
    await runner.stop();
    await app.close();
    await db.stop();
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
