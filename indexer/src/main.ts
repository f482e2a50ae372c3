import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { announce, createAppLogger, loadConfig, nestLoggerOn, onShutdown, resolveDatabase } from '@cent/backend';
import { IndexerModule } from './indexer.module';
import { IndexerRunner } from './indexer-runner';
import { PinoLogger } from './logging/pino-logger';
import { loadIndexerEnv } from './settings';
import { IndexerMetrics } from './metrics/indexer-metrics';
import { startMetricsServer } from './metrics/metrics-server';

/**
 * `npm run start -w indexer`: the log follower and the payout worker, leader-elected. Configuration: the
 * keys shared with the backend (DATABASE_URL, CHAIN_ID, RPC_URL, ESCROW_ADDRESS, CONFIRMATIONS…) and the
 * indexer's own (src/settings.ts: RELEASER_PRIVATE_KEY, INDEXER_*, PAYOUT_*). INDEXER_PAYOUTS=false runs
 * the follower alone.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const env = loadIndexerEnv();
  // JSON lines at LOG_LEVEL: the follower's and the payout worker's decisions, and Nest's own lines.
  const pino = createAppLogger(config, 'indexer');
  // The embedded PostgreSQL's own log only at debug level (npm start passes DATABASE_URL anyway).
  const db = await resolveDatabase(config, config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? (line) => pino.debug(line) : undefined);
  const app = await NestFactory.createApplicationContext(
    IndexerModule.forRoot(config, db.url, {}, new PinoLogger(pino)),
    { logger: nestLoggerOn(pino) },
  );
  const runner = app.get(IndexerRunner);
  const metrics = new IndexerMetrics();
  metrics.watch(runner.rpc);
  const metricsServer = env.INDEXER_METRICS_PORT === undefined ? null : await startMetricsServer(metrics.registry, env.INDEXER_METRICS_PORT, config.METRICS_TOKEN);
  runner.start();
  const { escrow, chainId, startBlock } = runner.settings;
  announce(pino, `CENT indexer: escrow ${escrow} on chain ${chainId} from block ${startBlock}, releaser ${runner.worker.address}`, { escrow, chainId, startBlock, releaser: runner.worker.address });
  if (metricsServer) announce(pino, `CENT indexer metrics on http://localhost:${env.INDEXER_METRICS_PORT}/metrics`, { port: env.INDEXER_METRICS_PORT });
  onShutdown(async () => {
    metricsServer?.close();
    await runner.stop();
    await app.close();
    await db.stop();
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
