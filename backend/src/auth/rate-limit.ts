import { applyDecorators, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard, ThrottlerModuleOptions } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { AUTH_MESSAGES } from './auth.messages';

export type RateLimitBucket = 'auth' | 'upload' | 'explorer';
const BUCKETS: RateLimitBucket[] = ['auth', 'upload', 'explorer'];

/**
 * Per client IP and route, counted in PostgreSQL (PgThrottlerStorage) so all replicas share one count;
 * behind a proxy set TRUST_PROXY so the IP is the client's. Limits come from RATE_LIMIT_AUTH / RATE_LIMIT_UPLOAD /
 * RATE_LIMIT_EXPLORER per RATE_LIMIT_WINDOW_MS.
 */
export function throttlerOptions(config: AppConfig): ThrottlerModuleOptions {
  return {
    throttlers: [
      { name: 'auth', ttl: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_AUTH },
      { name: 'upload', ttl: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_UPLOAD },
      { name: 'explorer', ttl: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_EXPLORER },
    ],
    errorMessage: AUTH_MESSAGES.tooManyRequests,
  };
}

/** Rate-limits a route (or controller) in one bucket: 429 `{ message: "Too many requests. ..." }`. */
export function RateLimit(bucket: RateLimitBucket) {
  const others = Object.fromEntries(BUCKETS.filter((b) => b !== bucket).map((b) => [b, true]));
  return applyDecorators(UseGuards(ThrottlerGuard), SkipThrottle(others));
}
