import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { SessionPool, sessionMiddleware } from '../auth/session';
import { setupOpenApi } from './openapi';

/** Builds the HTTP application (shared by main.ts and the tests, so tests run the real wiring). */
export async function createHttpApp(config: AppConfig, databaseUrl: string): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    logger: config.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  if (config.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.use(sessionMiddleware(config, app.get(SessionPool).pool));
  setupOpenApi(app);
  app.enableShutdownHooks();
  return app;
}
