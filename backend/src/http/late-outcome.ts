import type { Request } from 'express';

/**
 * What a handler that outlived its request deadline finally did. The client already has its 503, but the
 * handler kept running (a promise cannot be cancelled) and may have committed its write: whoever promised the
 * client a safe retry (the Idempotency-Key) must learn the real outcome instead of guessing from the 503.
 * `answered` is the answer the client would have had; `failed` means the handler threw (a command that throws
 * has written nothing: every command commits in one transaction or not at all).
 */
export type LateOutcome =
  | { kind: 'answered'; status: number; contentType: string | null; body: string }
  | { kind: 'failed' };

const LATE_OUTCOME = Symbol('cent:late-outcome');

type WithLateOutcome = Request & { [LATE_OUTCOME]?: Promise<LateOutcome> };

/** Set by the request deadline when it answers before the handler has finished. */
export function setLateOutcome(req: Request, outcome: Promise<LateOutcome>): void {
  (req as WithLateOutcome)[LATE_OUTCOME] = outcome;
}

/** The late outcome of this request's handler, when the deadline answered for it; otherwise undefined. */
export function lateOutcomeOf(req: Request): Promise<LateOutcome> | undefined {
  return (req as WithLateOutcome)[LATE_OUTCOME];
}

/**
 * The answer Nest's Express adapter would have sent for a handler's return value (`reply`: nothing → an empty
 * body, an object → `res.json`, anything else → `res.send(String(value))`), with the handler's status.
 */
export function answerOf(value: unknown, status: number): LateOutcome {
  if (value === undefined || value === null) return { kind: 'answered', status, contentType: null, body: '' };
  if (typeof value === 'object') return { kind: 'answered', status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) };
  return { kind: 'answered', status, contentType: 'text/html; charset=utf-8', body: String(value) };
}
