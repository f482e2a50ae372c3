import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { sessionMiddleware } from '../auth/session';
import { setupOpenApi } from './openapi';

/** Builds the HTTP application (shared by main.ts and the tests, so tests run the real wiring). */
export async function createHttpApp(config: AppConfig, databaseUrl: string): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    logger: config.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  if (config.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  const sessions = sessionMiddleware(config, databaseUrl);
  app.use(sessions.middleware);
  // The session store's pool closes with the app. NestFactory returns a Proxy whose `set` trap ignores
  // assignments (`app.close = ...` does nothing), so the wrapper is defined on the target. (Not on the HTTP
  // server's 'close' event: supertest listens and closes the server around every request.)
  const close = (Object.getPrototypeOf(app) as INestApplication).close.bind(app);
  Object.defineProperty(app, 'close', {
    value: async () => {
      await close();
      await sessions.pool.end();
    },
    writable: true,
    configurable: true,
  });
  setupOpenApi(app);
  app.enableShutdownHooks();
  return app;
}
