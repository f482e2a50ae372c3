import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics of the backend and of the indexer (they tell how busy the marketplace is and where it hurts, so not the public):
 * - with METRICS_TOKEN set, whoever sends `Authorization: Bearer <METRICS_TOKEN>`, from anywhere;
 * - without it, only a scraper on this host: a loopback connection that came through no proxy (a reverse
 *   proxy on the same host connects from loopback too, but adds X-Forwarded-For / Forwarded).
 */
export function mayReadMetrics(req: Pick<IncomingMessage, 'headers' | 'socket'>, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !proxied;
}

export const METRICS_FORBIDDEN = 'Metrics are readable from this host only, or with the METRICS_TOKEN bearer token';
