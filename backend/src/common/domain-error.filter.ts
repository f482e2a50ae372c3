import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DependencyStatus } from '../health/dependency-status';
import { asUnavailable, UnavailableError } from '../http/service-unavailable';
import { lateOutcomeOf, settleLateOutcome } from '../http/late-outcome';
import { DomainError } from './domain-error';
import { requestIdOf } from '../logging/request-logging';

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
    const req = host.switchToHttp().getRequest<Request>();
    // Past its deadline, the request had its 503: this error is how its handler ended (a write that throws has
    // written nothing), for the Idempotency-Key layer to learn.
    if (lateOutcomeOf(req)) {
      settleLateOutcome(req, { kind: 'failed' });
      return;
    }
    // Already answered (a stream that broke).
    if (res.headersSent) return;
    const reqId = requestIdOf(req);
    // A database that is down or too slow, an unreachable chain, unwritable storage, a passed deadline: the
    // client may try again, and is told when (never a 500 or a reset, which would leave it guessing).
    const unavailable = asUnavailable(err);
    if (unavailable) {
      if (unavailable.dependency) this.status.failed(unavailable.dependency, (err as Error).message, reqId);
      this.answerUnavailable(res, unavailable);
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
    this.logger.error({ reqId, msg: (err as Error)?.stack ?? String(err) });
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'An unexpected error occurred' });
  }

  /** 503 (or 507) with Retry-After: the client may try again, and is told when. Also the request deadline's answer. */
  answerUnavailable(res: Response, unavailable: UnavailableError): void {
    res.setHeader('Retry-After', String(this.config.RETRY_AFTER_SECONDS));
    res.status(unavailable.status).json({ message: unavailable.message });
  }
}
