/**
 * Whether a projection's failure is the event's own fault (quarantine it) or the moment's (retry it).
 *
 * The event's fault: SQLSTATE class 22 (data exception: a value out of range for its column, a date
 * PostgreSQL cannot read), 23 (integrity constraint), 54 (program limit, e.g. a value too large for an
 * index), and the projection's own code throwing on it (TypeError, RangeError: no SQLSTATE, no errno).
 * Everything else — connection lost (08, ECONNRESET, "Connection terminated"), serialization failure or
 * deadlock (40), lock or statement timeout (55P03, 57014), out of memory or disk (53), server shutdown
 * (57P0x), a schema the code does not match (42) — passes or needs an operator, and is never held against
 * the event: quarantining it there would set aside good events by the thousand.
 */
export function isEventFault(err: unknown): boolean {
  const code = codeOf(err);
  if (code !== null) {
    if (!SQLSTATE.test(code)) return false; // errno-style codes: ECONNRESET, ETIMEDOUT, ...
    return EVENT_CLASSES.has(code.slice(0, 2));
  }
  const message = err instanceof Error ? err.message : String(err);
  return !CONNECTION_MESSAGES.some((re) => re.test(message));
}

/** The SQLSTATE (or errno code) of an error from pg or TypeORM's QueryFailedError, which copies it. */
export function codeOf(err: unknown): string | null {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.code ?? e?.driverError?.code;
  return typeof code === 'string' && code !== '' ? code : null;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const EVENT_CLASSES = new Set(['22', '23', '54']);
/** pg's own errors carry no code; these are the ones that mean the connection, not the event. */
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /connection error/i,
  /not queryable/i,
  /timeout exceeded/i,
  /Query read timeout/i,
  /socket/i,
  /ECONN|EPIPE|ETIMEDOUT/,
];
