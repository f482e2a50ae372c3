import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { testConfig, createTestDatabase, startTestApp } from '@cent/backend/testing';
import { migrateIndexer } from '../../src/database/indexer-migrations';
import { IndexerModule } from '../../src/indexer.module';
import { IndexerRunner } from '../../src/indexer-runner';
import { Anvil, startAnvil } from './anvil';
import { EscrowChain, deployEscrow } from './escrow-chain';

/** Environment for an indexer (in process or child) against this chain and database. */
export function indexerEnv(anvilUrl: string, chain: EscrowChain, databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    RPC_URL: anvilUrl,
    CHAIN_ID: '31337',
    ESCROW_ADDRESS: chain.deployment.escrow,
    TOKEN_ADDRESS: chain.deployment.token,
    ESCROW_DEPLOYMENT_BLOCK: String(chain.deployment.deploymentBlock),
    CONFIRMATIONS: '0',
    // The test deployment's short review window; approvals close 10 s before it ends.
    REVIEW_WINDOW_SECONDS: String(chain.deployment.reviewWindow),
    REVIEW_CLOSE_MARGIN_SECONDS: '10',
    INDEXER_POLL_MS: '50',
    PAYOUT_POLL_MS: '50',
    PAYOUT_BATCH_WINDOW_MS: '150',
    // The due-decision scheduler decides only where a test turns it on (review-deadline.spec.ts): with the test
    // deployment's 60-second review window every submission would be due at once, behind the test's back
    // (child processes read this environment, not testConfig).
    SCHEDULER_POLL_MS: '0',
    ...extra,
  };
}

export interface IndexerInstance {
  app: INestApplicationContext;
  runner: IndexerRunner;
  commands: CommandBus;
  db: DataSource;
  close(): Promise<void>;
}

/** The domain + indexer in this process (the runner not started unless `start`). */
export async function startIndexer(env: Record<string, string>, options: { start?: boolean; payouts?: boolean } = {}): Promise<IndexerInstance> {
  const moduleRef = await Test.createTestingModule({
    imports: [IndexerModule.forRoot(testConfig(env), env.DATABASE_URL, { payouts: options.payouts ?? true, env })],
  }).compile();
  const app = moduleRef.createNestApplication();
  await app.init();
  const runner = app.get(IndexerRunner);
  if (options.start ?? true) runner.start();
  return {
    app,
    runner,
    commands: app.get(CommandBus),
    db: app.get(DataSource),
    close: async () => {
      await runner.stop();
      await app.close();
    },
  };
}

export interface Stack {
  anvil: Anvil;
  chain: EscrowChain;
  databaseUrl: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A fresh anvil with the contracts deployed and a fresh database. The escrow's review window is 60 s unless
 * told (a spec whose auto-approvals must fall due long before the cut-off deploys a real one).
 */
export async function startStack(extraEnv: Record<string, string> = {}, reviewWindowSeconds?: number): Promise<Stack> {
  const anvil = await startAnvil();
  const chain = await deployEscrow(anvil.provider, anvil.url, reviewWindowSeconds);
  const databaseUrl = await createTestDatabase('indexer');
  // The indexer's tables from the start, as after `npm start` (tests read them before any indexer runs).
  await migrateIndexer(databaseUrl);
  return { anvil, chain, databaseUrl, env: indexerEnv(anvil.url, chain, databaseUrl, extraEnv), stop: () => anvil.stop() };
}

export type TestApi = Awaited<ReturnType<typeof startTestApp>>;

/** What a spec starts around a stack; each part is optional so that afterAll can stop whatever did start. */
export interface Running {
  stack?: Stack;
  idx?: IndexerInstance;
  api?: TestApi;
  pool?: Pool;
}

/** Stops what is running: the readers first (HTTP app, pool), then the indexer, the chain last. */
export async function stopAll(parts: Running): Promise<void> {
  await parts.api?.close();
  await parts.pool?.end();
  await parts.idx?.close();
  await parts.stack?.stop();
}

/**
 * A fresh stack with its indexer, then `more` (an HTTP app, a pool) on the same database. When a later part
 * fails to start, the parts already running are stopped before the error is rethrown: the spec never got
 * them, so its afterAll could not.
 */
async function startIndexedStack<T extends object>(
  extraEnv: Record<string, string>,
  options: StackOptions,
  more: (stack: Stack) => Promise<T>,
): Promise<{ stack: Stack; idx: IndexerInstance } & T> {
  const stack = await startStack(extraEnv, options.reviewWindowSeconds);
  let idx: IndexerInstance | undefined;
  try {
    idx = await startIndexer(stack.env, { payouts: options.payouts });
    return { stack, idx, ...(await more(stack)) };
  } catch (err) {
    await stopAll({ stack, idx });
    throw err;
  }
}

/** payouts: false runs the indexer without its payout worker; reviewWindowSeconds: see startStack. */
export interface StackOptions {
  payouts?: boolean;
  reviewWindowSeconds?: number;
}

/** The product end to end: a stack, its indexer and the backend's HTTP app. */
export function startProduct(extraEnv: Record<string, string> = {}, options: StackOptions = {}) {
  return startIndexedStack(extraEnv, options, async (stack) => ({ api: await startTestApp(stack.env, stack.databaseUrl) }));
}

/** A stack and its indexer, with a small pool for the spec's own reads of the read models. */
export function startIndexedWithPool(extraEnv: Record<string, string> = {}, options: StackOptions = {}) {
  return startIndexedStack(extraEnv, options, async (stack) => ({ pool: new Pool({ connectionString: stack.databaseUrl, max: 2 }) }));
}

/** Polls `probe` until it returns a truthy value (or throws after `timeoutMs`). */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Rejects with `stuck for … ms: what` when `p` has not settled within `ms`: a hang becomes a named failure. */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stuck for ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([p, expired]);
  } finally {
    clearTimeout(timer);
  }
}
