import { Dependency } from '../health/dependency-status';
import { isDatabaseUnavailable } from '../database/database-unavailable';

export const UNAVAILABLE_MESSAGES = {
  database: 'The database is unavailable. Please try again shortly.',
  chain: 'The chain is unreachable. Please try again shortly.',
  deadline: 'The request took too long to answer. Please try again shortly.',
} as const;

/**
 * A request that could not be served because something it needs is unavailable for now: answered with
 * `status` (503, or 507 for a full disk) and Retry-After by ApiErrorFilter, never 500, so a client knows
 * to try again. `dependency` null: the request's own deadline passed.
 */
export class UnavailableError extends Error {
  constructor(
    readonly dependency: Dependency | null,
    message: string,
    readonly status: 503 | 507 = 503,
  ) {
    super(message);
  }
}

/** The UnavailableError an error amounts to (a database that is down or too slow), or null for any other error. */
export function asUnavailable(err: unknown): UnavailableError | null {
  if (err instanceof UnavailableError) return err;
  if (isDatabaseUnavailable(err)) return new UnavailableError('database', UNAVAILABLE_MESSAGES.database);
  return null;
}
