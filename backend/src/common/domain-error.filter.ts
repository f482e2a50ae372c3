import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from './domain-error';

/**
 * Every error answer is JSON with a `message` a person can read (the spec's texts where it has one).
 * Validation failures also carry `errors` (one line per bad field). Unknown errors are logged, never leaked.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
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
