import { INestApplication, INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { DomainModule } from '../src/domain.module';
import { createHttpApp } from '../src/http/create-http-app';
import { ProjectionRunner } from '../src/projections/projection-runner';
import { createTestDatabase } from './test-database';

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'cent-test-data'),
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    // No chain given: the chain clock stays on server time (it would read whatever answers on the default RPC port).
    ...(env.RPC_URL ? {} : { CHAIN_CLOCK_POLL_MS: '0' }),
    // The due-decision scheduler decides only in tests that turn it on (review-deadline specs): elsewhere a test's
    // short review windows would have its pending submissions approved or cut off behind its back.
    SCHEDULER_POLL_MS: '0',
    ...env,
  });
}

export interface TestContext {
  app: INestApplicationContext;
  databaseUrl: string;
  dataSource: DataSource;
  commands: CommandBus;
  projections: ProjectionRunner;
  close(): Promise<void>;
}

function contextOf(app: INestApplicationContext, databaseUrl: string): TestContext {
  return {
    app,
    databaseUrl,
    dataSource: app.get(DataSource),
    commands: app.get(CommandBus),
    projections: app.get(ProjectionRunner),
    close: () => app.close(),
  };
}

/** The domain (no HTTP) on a fresh database. */
export async function startTestDomain(env: Record<string, string> = {}, databaseUrl?: string): Promise<TestContext> {
  const url = databaseUrl ?? (await createTestDatabase());
  const moduleRef = await Test.createTestingModule({ imports: [DomainModule.forRoot(testConfig(env), url)] }).compile();
  const app = moduleRef.createNestApplication();
  await app.init();
  return contextOf(app, url);
}

/** The whole HTTP app, wired exactly as main.ts wires it, on a fresh database. */
export async function startTestApp(
  env: Record<string, string> = {},
  databaseUrl?: string,
): Promise<TestContext & { app: INestApplication; http: ReturnType<INestApplication['getHttpServer']> }> {
  const url = databaseUrl ?? (await createTestDatabase());
  const app = await createHttpApp(testConfig(env), url);
  await app.init();
  return { ...contextOf(app, url), app, http: app.getHttpServer() };
}
