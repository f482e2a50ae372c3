export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the key's first answer (Stripe's header). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 printable ASCII characters (no quotes or backslashes inside)',
  reusedKey: 'This Idempotency-Key was already used for a different request; use a new key for a new request',
  inFlight: 'A request with this Idempotency-Key is still being processed; retry shortly',
} as const;

/**
 * The header's value: the IETF draft makes it a Structured Field string (`"8e03978e-…"`); Stripe's clients send
 * it bare. Both are accepted. Undefined when absent, null when malformed.
 */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) return null;
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  return /^[\x20-\x7e]{1,255}$/.test(value) && !/["\\]/.test(value) && value.trim() !== '' ? value : null;
}
