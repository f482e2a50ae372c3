import type { Request, RequestHandler } from 'express';
import { AppMetrics } from './app-metrics';

/**
 * The route label: the matched route's template (`/api/tasks/:id`), so one label per route whatever the ids;
 * `frontend` for the browser app's files, `unmatched` for everything else (404s).
 */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl ?? ''}${route.path}`;
  return req.originalUrl.startsWith('/api') ? 'unmatched' : 'frontend';
}

/** Times every request from its first byte here to its answer's last byte (or the client leaving). */
export function httpMetrics(metrics: AppMetrics): RequestHandler {
  return (req, res, next) => {
    const stop = metrics.httpDuration.startTimer();
    // 'close' comes once after every answer, complete or not. 499 (nginx's "client closed request"): the
    // client left before the answer was complete.
    res.once('close', () => stop({ method: req.method, route: routeOf(req), status_code: String(res.writableFinished ? res.statusCode : 499) }));
    next();
  };
}
