import { applyDecorators, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard, ThrottlerModuleOptions } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { AUTH_MESSAGES } from './auth.messages';

export type RateLimitBucket = 'auth' | 'upload';

/**
 * Per client IP and route, counted in PostgreSQL (PgThrottlerStorage) so all replicas share one count;
 * behind a proxy set TRUST_PROXY so the IP is the client's. Limits come from RATE_LIMIT_AUTH / RATE_LIMIT_UPLOAD per RATE_LIMIT_WINDOW_MS.
 */
export function throttlerOptions(config: AppConfig): ThrottlerModuleOptions {
  return {
    throttlers: [
      { name: 'auth', ttl: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_AUTH },
      { name: 'upload', ttl: config.RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_UPLOAD },
    ],
    errorMessage: AUTH_MESSAGES.tooManyRequests,
  };
}

/** Rate-limits a route (or controller) in one bucket: 429 `{ message: "Too many requests. ..." }`. */
export function RateLimit(bucket: RateLimitBucket) {
  const other: RateLimitBucket = bucket === 'auth' ? 'upload' : 'auth';
  return applyDecorators(UseGuards(ThrottlerGuard), SkipThrottle({ [other]: true }));
}
