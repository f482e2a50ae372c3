import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, TimeoutError, catchError, throwError, timeout } from 'rxjs';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UNAVAILABLE_MESSAGES, UnavailableError } from './service-unavailable';

const NO_DEADLINE = 'cent:no-request-deadline';
/** For a handler that answers for as long as the client stays (the live event stream). */
export const NoRequestDeadline = () => SetMetadata(NO_DEADLINE, true);

/**
 * Every request is answered within REQUEST_TIMEOUT_MS: past it the client gets 503 with Retry-After
 * (ApiErrorFilter), whatever the handler is still waiting for (each wait has its own timeout too: the
 * database's connect and statement timeouts, the chain's; this bounds their sum and the retries between).
 * A late result is dropped. A write that completes after its 503 is safe to retry with its Idempotency-Key.
 */
@Injectable()
export class RequestDeadlineInterceptor implements NestInterceptor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || this.reflector.getAllAndOverride<boolean>(NO_DEADLINE, [context.getHandler(), context.getClass()])) {
      return next.handle();
    }
    return next.handle().pipe(
      timeout(this.config.REQUEST_TIMEOUT_MS),
      catchError((err) => throwError(() => (err instanceof TimeoutError ? new UnavailableError(null, UNAVAILABLE_MESSAGES.deadline) : err))),
    );
  }
}
