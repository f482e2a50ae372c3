import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { sessionMiddleware } from '../auth/session';

/** Builds the HTTP application (shared by main.ts and the tests, so tests run the real wiring). */
export async function createHttpApp(config: AppConfig, databaseUrl: string): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    logger: config.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  if (config.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  const sessions = sessionMiddleware(config, databaseUrl);
  app.use(sessions.middleware);
  // The session store's pool closes with the app: app.close() closes the HTTP server, which emits 'close'.
  // (NestFactory returns a Proxy, so wrapping app.close itself is not possible.)
  app.getHttpServer().once('close', () => void sessions.pool.end());
  app.enableShutdownHooks();
  return app;
}
