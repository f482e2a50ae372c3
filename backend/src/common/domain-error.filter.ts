import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DependencyStatus } from '../health/dependency-status';
import { asUnavailable } from '../http/service-unavailable';
import { DomainError } from './domain-error';

/**
 * Every error answer is JSON with a `message` a person can read (the spec's texts where it has one).
 * Validation failures also carry `errors` (one line per bad field). Unknown errors are logged, never leaked.
 */
@Catch()
@Injectable()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly status: DependencyStatus,
  ) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    // Already answered (a request past its deadline whose handler failed later, a stream that broke).
    if (res.headersSent) return;
    // A database that is down or too slow, an unreachable chain, unwritable storage, a passed deadline: the
    // client may try again, and is told when (never a 500 or a reset, which would leave it guessing).
    const unavailable = asUnavailable(err);
    if (unavailable) {
      if (unavailable.dependency) this.status.failed(unavailable.dependency, (err as Error).message);
      res.setHeader('Retry-After', String(this.config.RETRY_AFTER_SECONDS));
      res.status(unavailable.status).json({ message: unavailable.message });
      return;
    }
    if (err instanceof DomainError) {
      res.status(err.status).json({ message: err.message, ...(err.details ?? {}) });
      return;
    }
    if (err instanceof HttpException) {
      const status = err.getStatus();
      const body = err.getResponse();
      if (typeof body === 'string') {
        res.status(status).json({ message: body });
        return;
      }
      const b = body as { message?: string | string[]; errors?: unknown };
      const list = Array.isArray(b.message) ? b.message : undefined;
      res.status(status).json({ message: list ? list[0] : b.message ?? err.message, ...(list ? { errors: list } : {}), ...(b.errors ? { errors: b.errors } : {}) });
      return;
    }
    const e = err as { status?: number; message?: string };
    // Other middleware errors that carry their own 4xx status.
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json({ message: e.message });
      return;
    }
    this.logger.error((err as Error)?.stack ?? String(err));
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'An unexpected error occurred' });
  }
}
