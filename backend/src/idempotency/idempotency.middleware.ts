import { Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { lateOutcomeOf, LateOutcome } from '../http/late-outcome';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, parseIdempotencyKey, REPLAYED_HEADER } from './idempotency-key-header';
import { IdempotencyStore, StoredAnswer } from './idempotency.store';
import { requestFingerprint } from './request-fingerprint';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A final answer is kept and replayed; any other gives the key up, so a retry runs again: 401 (signing in
 * changes it), 408/425/429 (try later), 409 (a conflict of the moment; the aggregate refuses a real duplicate
 * again anyway), 5xx (the server failed: nothing to promise, and a client must be able to finish its action).
 */
export function isFinalAnswer(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && ![401, 408, 409, 425, 429].includes(status);
}

/**
 * The `Idempotency-Key` request header (IETF draft "The Idempotency-Key HTTP Header Field", Stripe's
 * behaviour): a write sent again with the same key and the same request is answered with the first answer
 * (status and body, plus `Idempotent-Replayed: true`) and not done again; the same key with a different
 * request is refused with 422; while the first request still runs, 409 with Retry-After. Keys are per user
 * (one user can never see another's answer) and kept 24 h, in PostgreSQL, so every replica honours them.
 * Without the header a write runs as before. Multipart bodies (image uploads) are not covered: their bytes
 * stream past this point unread, and a retried upload only stores one more unreferenced copy.
 */
@Injectable()
export class IdempotencyMiddleware implements NestMiddleware {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly store: IdempotencyStore) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (!WRITE_METHODS.has(req.method)) return next();
    const key = parseIdempotencyKey(req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined || req.is('multipart/form-data')) return next();
    if (key === null) {
      res.status(400).json({ message: IDEMPOTENCY_MESSAGES.invalidKey });
      return;
    }
    const userId = req.session?.userId;
    const scope = typeof userId === 'number' ? `user:${userId}` : 'anonymous';
    const claim = await this.store.claim(scope, key, requestFingerprint(req.method, req.originalUrl, req.body));
    switch (claim.kind) {
      case 'mismatch':
        res.status(422).json({ message: IDEMPOTENCY_MESSAGES.reusedKey });
        return;
      case 'in-flight':
        res.status(409).setHeader('Retry-After', '1').json({ message: IDEMPOTENCY_MESSAGES.inFlight });
        return;
      case 'replay':
        replay(res, claim.answer);
        return;
      case 'claimed':
        this.recordAnswer(res, (answer) => {
          if (isFinalAnswer(answer.status)) return this.store.complete(scope, key, claim.owner, answer);
          const late = lateOutcomeOf(req);
          if (!late) return this.store.release(scope, key, claim.owner);
          // The deadline answered 503 while the handler still runs: the key stays claimed (a retry meanwhile
          // gets 409) until the handler ends, then holds what it really did.
          void late.then((outcome) => this.settleLate(scope, key, claim.owner, outcome));
          return Promise.resolve();
        });
        next();
    }
  }

  /** A late success (or final refusal) becomes the key's answer; a late failure gives the key up, as a 5xx does. */
  private async settleLate(scope: string, key: string, owner: string, outcome: LateOutcome): Promise<void> {
    try {
      if (outcome.kind === 'answered' && isFinalAnswer(outcome.status)) await this.store.complete(scope, key, owner, outcome);
      else await this.store.release(scope, key, owner);
    } catch (err) {
      // The claim then expires with its lease, and a retry runs again.
      this.logger.warn(`could not record the late answer of an idempotent request: ${(err as Error).message}`);
    }
  }

  /**
   * Collects the answer's bytes and stores them before they leave: once a client has its answer, a retry is
   * sure to be replayed. Stored even when the client is gone (the lost answer this exists for). A failed store
   * never withholds the answer; the claim then expires with its lease.
   */
  private recordAnswer(res: Response, store: (answer: StoredAnswer) => Promise<void>): void {
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      if (typeof args[0] !== 'function') collect(args[0], args[1]);
      const contentType = res.getHeader('content-type');
      const answer = { status: res.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: Buffer.concat(chunks).toString('utf8') };
      store(answer)
        .catch((err: Error) => this.logger.warn(`could not record the answer of an idempotent request: ${err.message}`))
        .finally(() => end(...args));
      return res;
    }) as Response['end'];
  }
}

function replay(res: Response, answer: StoredAnswer): void {
  res.status(answer.status).setHeader(REPLAYED_HEADER, 'true');
  if (answer.contentType) res.setHeader('Content-Type', answer.contentType);
  res.send(answer.body);
}
