import { CallHandler, ExecutionContext, HttpStatus, Inject, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { answerOf, LateOutcome, setLateOutcome } from './late-outcome';
import { UNAVAILABLE_MESSAGES, UnavailableError } from './service-unavailable';

const NO_DEADLINE = 'cent:no-request-deadline';
/** For a handler that answers for as long as the client stays (the live event stream). */
export const NoRequestDeadline = () => SetMetadata(NO_DEADLINE, true);

/**
 * Every request is answered within REQUEST_TIMEOUT_MS: past it the client gets 503 with Retry-After
 * (ApiErrorFilter), whatever the handler is still waiting for (each wait has its own timeout too: the
 * database's connect and statement timeouts, the chain's; this bounds their sum and the retries between).
 * The handler is not cancelled (nothing can cancel a running promise), so it may still commit: its late
 * outcome is kept on the request (`lateOutcomeOf`), and the Idempotency-Key layer records it as the key's
 * answer, so a retry of a write that committed after its 503 replays it instead of doing it twice.
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
    const req = context.switchToHttp().getRequest<Request>();
    const status = this.statusOf(context, req);
    const handled = next.handle();
    return new Observable((subscriber) => {
      let late: ((outcome: LateOutcome) => void) | null = null;
      let value: unknown;
      const timer = setTimeout(() => {
        setLateOutcome(req, new Promise<LateOutcome>((resolve) => (late = resolve)));
        subscriber.error(new UnavailableError(null, UNAVAILABLE_MESSAGES.deadline));
      }, this.config.REQUEST_TIMEOUT_MS);
      // Kept subscribed past the deadline (never unsubscribed below once it fired), to see the late outcome.
      const subscription = handled.subscribe({
        next: (v) => (late ? (value = v) : subscriber.next(v)),
        error: (err) => {
          clearTimeout(timer);
          if (late) late({ kind: 'failed' });
          else subscriber.error(err);
        },
        complete: () => {
          clearTimeout(timer);
          if (late) late(answerOf(value, status));
          else subscriber.complete();
        },
      });
      return () => {
        clearTimeout(timer);
        if (!late) subscription.unsubscribe();
      };
    });
  }

  /** The status the handler answers with: its @HttpCode, else Nest's default (201 for POST, 200 otherwise). */
  private statusOf(context: ExecutionContext, req: Request): number {
    const code = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler());
    return code ?? (req.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
  }
}
