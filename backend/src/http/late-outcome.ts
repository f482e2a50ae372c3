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

interface PendingLateOutcome {
  promise: Promise<LateOutcome>;
  settle(outcome: LateOutcome): void;
}

type WithLateOutcome = Request & { [LATE_OUTCOME]?: PendingLateOutcome };

/**
 * Set by the request deadline when it answers before the handler has finished: from then on the request has a
 * late outcome, which the first `settleLateOutcome` decides.
 */
export function awaitLateOutcome(req: Request): void {
  let settle!: (outcome: LateOutcome) => void;
  const promise = new Promise<LateOutcome>((resolve) => (settle = resolve));
  (req as WithLateOutcome)[LATE_OUTCOME] = { promise, settle };
}

/** What the handler did in the end (the first call counts); nothing when no deadline answered for it. */
export function settleLateOutcome(req: Request, outcome: LateOutcome): void {
  (req as WithLateOutcome)[LATE_OUTCOME]?.settle(outcome);
}

/** The late outcome of this request's handler, when the deadline answered for it; otherwise undefined. */
export function lateOutcomeOf(req: Request): Promise<LateOutcome> | undefined {
  return (req as WithLateOutcome)[LATE_OUTCOME]?.promise;
}

/**
 * The answer Express would have sent for `body` (`res.send` / `res.json`): nothing → an empty body, a Buffer or
 * string as it is, any other value as JSON; `contentType` as set, else what Express would set.
 */
export function answerOf(body: unknown, status: number, contentType: string | null): LateOutcome {
  if (body === undefined) return { kind: 'answered', status, contentType, body: '' };
  if (Buffer.isBuffer(body)) return { kind: 'answered', status, contentType: contentType ?? 'application/octet-stream', body: body.toString('utf8') };
  if (typeof body === 'string') return { kind: 'answered', status, contentType: contentType ?? 'text/html; charset=utf-8', body };
  return { kind: 'answered', status, contentType: contentType ?? 'application/json; charset=utf-8', body: JSON.stringify(body) };
}
