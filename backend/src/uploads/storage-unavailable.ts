import { UnavailableError } from '../http/service-unavailable';

/** Errors of a storage that cannot take a write now: not permitted, read-only, full. */
const UNWRITABLE = new Set(['EPERM', 'EACCES', 'EROFS']);
const FULL = new Set(['ENOSPC', 'EDQUOT']);

export const STORAGE_MESSAGES = {
  unwritable: 'The image could not be stored right now. Please try again later.',
  full: 'The upload storage is full. Please try again later.',
} as const;

/**
 * A storage error as the client's answer: 503 (unwritable: permissions, a read-only mount) or 507 (full), both
 * with Retry-After through ApiErrorFilter, since an operator fixes them and the same upload then works; the
 * cause (errno, path) goes to the log only. Null for any other error (a bug stays a 500).
 */
export function storageUnavailable(err: unknown): UnavailableError | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string') return null;
  if (FULL.has(code)) return new UnavailableError('storage', STORAGE_MESSAGES.full, 507);
  if (UNWRITABLE.has(code)) return new UnavailableError('storage', STORAGE_MESSAGES.unwritable);
  return null;
}
