import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { json, type ErrorRequestHandler } from 'express';
import type { DestinationStream } from 'pino';
import { AppModule, IDEMPOTENT_WRITES } from '../app.module';
import { createAppLogger } from '../logging/app-logger';
import { nestLoggerOn } from '../logging/nest-logger';
import { requestLogging } from '../logging/request-logging';
import { AppMetrics } from '../metrics/app-metrics';
import { httpMetrics } from '../metrics/http-metrics';
import { AppConfig } from '../config/app-config';
import { SessionPool, sessionMiddleware } from '../auth/session';
import { setupOpenApi } from './openapi';
import { serveFrontend } from '../site/serve-frontend';
import { refuseUnstorableText } from './refuse-unstorable-text';
import { requestDeadline } from './request-deadline';
import { ApiErrorFilter } from '../common/domain-error.filter';

/**
 * Builds the HTTP application (shared by main.ts and the tests, so tests run the real wiring). Logs are JSON
 * lines on stdout, or on `logDestination` (a test reading them).
 */
export async function createHttpApp(config: AppConfig, databaseUrl: string, logDestination?: DestinationStream): Promise<INestApplication> {
  const logger = createAppLogger(config, 'backend', logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, logger), {
    bufferLogs: true,
    // Our own JSON parser below, so its failures get answers a person can read.
    bodyParser: false,
  });
  app.useLogger(nestLoggerOn(logger));
  // Now, not at listen(): the start-up lines buffered so far go to pino, and nothing is buffered any more
  // (an app that is init()ed but never listens, as in the tests, would otherwise buffer every later line).
  app.flushLogs();
  if (config.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  const filter = app.get(ApiErrorFilter);
  // First, so every request (the browser app's files too) gets its id, its one log line and its deadline.
  app.use(requestLogging(logger), httpMetrics(app.get(AppMetrics)), requestDeadline(config.REQUEST_TIMEOUT_MS, (res, err) => filter.answerUnavailable(res, err)));
  // The browser app first: its files and index.html need neither a body parser nor a session.
  const frontend = serveFrontend(config);
  if (frontend) app.use(frontend);
  app.use(json({ limit: '100kb' }), bodyParserErrors, refuseUnstorableText);
  app.use(sessionMiddleware(config, app.get(SessionPool).pool));
  // Errors of the Express middleware above (the session store's database unavailable...) get the same
  // answers as those of Nest's routes: one filter.
  app.use(((err, req, res, next) => filter.catch(err, new ExecutionContextHost([req, res, next]))) as ErrorRequestHandler);
  setupOpenApi(app, IDEMPOTENT_WRITES);
  // No `enableShutdownHooks()`: main.ts closes the app on a signal (onShutdown, once). Nest's hooks ran every
  // shutdown hook a second time beside that; the session store's pool was ended twice, and Nest then logged
  // "Called end on pool more than once" as an error and exited 1, or killed the process with the signal.
  return app;
}

/** Malformed or oversized JSON bodies, answered here (Nest would pass on the parser's raw message). */
const bodyParserErrors: ErrorRequestHandler = (err, _req, res, next) => {
  if (err?.type === 'entity.parse.failed') res.status(400).json({ message: 'Malformed JSON body' });
  else if (err?.type === 'entity.too.large') res.status(413).json({ message: 'Request body too large (at most 100 kB of JSON)' });
  else next(err);
};
