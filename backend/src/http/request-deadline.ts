import type { Request, RequestHandler, Response } from 'express';
import { answerOf, awaitLateOutcome, settleLateOutcome } from './late-outcome';
import { UNAVAILABLE_MESSAGES, UnavailableError } from './service-unavailable';

const DEADLINE = Symbol('cent:request-deadline');

type WithDeadline = Request & { [DEADLINE]?: NodeJS.Timeout };

/**
 * Every request is answered within `ms` (REQUEST_TIMEOUT_MS): past it the client gets 503 with Retry-After
 * (`answer`: ApiErrorFilter.answerUnavailable), whatever the request is still waiting for (the session store,
 * a guard, the handler; each wait has its own timeout too: the database's connect and statement timeouts, the
 * chain's; this bounds their sum and the retries between).
 *
 * The handler is not cancelled (nothing can cancel a running promise), so it may still commit. What it then
 * answers is not sent (the client has its 503) but kept as the request's late outcome (`lateOutcomeOf`), which
 * the Idempotency-Key layer records as the key's answer: a retry of a write that committed after its 503
 * replays it instead of doing it twice. A handler that throws instead settles it as failed (ApiErrorFilter).
 *
 * Express middleware, not a Nest interceptor (what it was until 2026-11-29): any global interceptor sends every
 * request through Nest's rxjs pipeline (defer, mergeAll, an AsyncResource per call). Without it (and with one
 * 'close' listener instead of two in request logging and metrics) `GET /api/health` costs ~330 µs of CPU, not ~515.
 */
export function requestDeadline(ms: number, answer: (res: Response, err: UnavailableError) => void): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => expire(req, res, answer), ms);
    (req as WithDeadline)[DEADLINE] = timer;
    // 'close' comes after every answer, complete or not.
    res.once('close', () => clearTimeout(timer));
    next();
  };
}

/** For a handler that answers for as long as the client stays (the live event stream). */
export function withoutRequestDeadline(req: Request): void {
  clearTimeout((req as WithDeadline)[DEADLINE]);
}

function expire(req: Request, res: Response, answer: (res: Response, err: UnavailableError) => void): void {
  // Already answering (a stream under way): nothing to cut short.
  if (res.headersSent) return;
  // Before the 503 goes out: whoever watches it (the Idempotency-Key layer) must know a late outcome follows.
  awaitLateOutcome(req);
  // Nest sets a route's status (201 for a POST, its @HttpCode) before its handler runs, not when it answers.
  const status = res.statusCode;
  answer(res, new UnavailableError(null, UNAVAILABLE_MESSAGES.deadline));
  keepLateAnswer(req, res, status);
}

/**
 * From now on the handler's answer (Nest replies through Express's `status`, `set`, `json`, `send`; a handler
 * that writes itself ends with `end`) is kept as the late outcome instead of reaching the socket, which has (or
 * is about to have) its 503. `writeHead` and `setHeader` are left as they are: the 503 may still be on its way
 * out through them (the Idempotency-Key layer holds an answer back until it has stored it, then calls the `end`
 * it wrapped before, not this one).
 */
function keepLateAnswer(req: Request, res: Response, status: number): void {
  let contentType: string | null = null;
  const late = res as unknown as Record<string, unknown>;
  const header = (name: string | Record<string, unknown>, value?: unknown) => {
    if (typeof name === 'string' && name.toLowerCase() === 'content-type') contentType = String(value);
    return res;
  };
  late.status = (code: number) => {
    status = code;
    return res;
  };
  late.set = header;
  late.header = header;
  late.type = (type: string) => header('content-type', type);
  late.json = (body: unknown) => {
    settleLateOutcome(req, answerOf(body ?? null, status, 'application/json; charset=utf-8'));
    return res;
  };
  late.send = (body?: unknown) => {
    settleLateOutcome(req, answerOf(body, status, contentType));
    return res;
  };
  late.end = (chunk?: unknown) => {
    settleLateOutcome(req, answerOf(typeof chunk === 'function' ? undefined : chunk, status, contentType));
    return res;
  };
}
