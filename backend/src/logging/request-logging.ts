import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

type WithRequestId = IncomingMessage & { id?: string };

/** A caller's (a load balancer's) request id is kept when it is a sane token; otherwise a new one. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.:@/+=-]{1,128}$/.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The id requestLogging gave this request (also answered as X-Request-Id); undefined before it ran. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as WithRequestId).id;
}

/**
 * One JSON line per request when its answer is sent (or the client goes away): request id (`reqId`, also answered
 * as X-Request-Id), method, URL, status and `responseTime` in ms. Only those: never headers, cookies or bodies.
 * 5xx answers, and requests whose client left before the answer was complete, are logged at error level, the
 * rest at info. An event stream (`text/event-stream`, the live updates) only ever ends by its client leaving (a
 * page closed or left): that is its normal end, logged at info as "closed", or every page view would be an error.
 *
 * Why not pino-http (what this was until 2026-11-29): it made a child logger per request (its bindings
 * serialized and redacted each time) whether or not a line was written, and nestjs-pino then kept that child
 * in an AsyncLocalStorage, which on Node 20 turns on promise hooks for every promise the process makes. Both
 * together were a quarter of the CPU of a cheap request (`GET /api/health`: ~700 → ~515 µs). The lines written
 * while a request is handled and that matter to it (a dependency found down, an unexpected error) carry its
 * id as `reqId`, passed explicitly (`requestIdOf`).
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestId(req, res);
    (req as WithRequestId).id = id;
    const start = performance.now();
    // 'close' comes once after every answer, complete or not.
    res.once('close', () => {
      const complete = res.writableFinished;
      const stream = String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
      const level = (!complete && !stream) || res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const url = req.originalUrl ?? req.url;
      logger[level](
        { reqId: id, req: { id, method: req.method, url }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - start) },
        `${req.method} ${url} ${res.statusCode}${complete ? '' : stream ? ' closed' : ' failed'}`,
      );
    });
    next();
  };
}
