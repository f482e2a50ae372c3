import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ExpiringRowsStore } from '../database/expiring-rows';

/** How long a key's first answer is kept (Stripe keeps 24 h; the IETF draft leaves it to the server). */
export const KEY_TTL_SECONDS = 24 * 3600;
/**
 * How long a running request holds its key. Longer than any request may run (the request deadline), so a
 * retry never runs a write a second time while the first still runs; after it, a retry may take over the
 * claim of a process that died mid-request.
 */
export const CLAIM_LEASE_SECONDS = 120;
/** Expired keys are deleted this often, by every replica (deleting twice is harmless). */
const SWEEP_MS = 10 * 60_000;

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export type Claim =
  | { kind: 'claimed'; owner: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' };

/**
 * Idempotency keys in PostgreSQL, so every backend replica sees the same keys. Every operation is one
 * statement on its own (no transaction is ever held while the request's handler does its I/O): the claim is
 * one atomic upsert, so of two concurrent requests with one key exactly one runs.
 */
@Injectable()
export class IdempotencyStore extends ExpiringRowsStore {
  constructor(dataSource: DataSource) {
    super(dataSource, 'idempotency_keys', SWEEP_MS);
  }

  /**
   * Claims (scope, key) for a request with this fingerprint, or says what the key already holds. A row whose
   * time is over is claimed afresh: an expired key, or a claim of the same request whose lease ran out.
   */
  async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const owner = randomUUID();
      const claimed: unknown[] = await this.dataSource.query(
        `INSERT INTO idempotency_keys AS k (scope, key, fingerprint, owner, locked_until, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), now() + make_interval(secs => $6))
         ON CONFLICT (scope, key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner, status = NULL, content_type = NULL, body = NULL,
               locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at, created_at = now()
           WHERE k.expires_at < now() OR (k.status IS NULL AND k.locked_until < now() AND k.fingerprint = EXCLUDED.fingerprint)
         RETURNING 1`,
        [scope, key, fingerprint, owner, CLAIM_LEASE_SECONDS, KEY_TTL_SECONDS],
      );
      if (claimed.length) return { kind: 'claimed', owner };
      const rows: Array<{ fingerprint: string; status: number | null; content_type: string | null; body: string | null }> =
        await this.dataSource.query(`SELECT fingerprint, status, content_type, body FROM idempotency_keys WHERE scope = $1 AND key = $2`, [scope, key]);
      // Gone in between (its request failed and released it): claim again.
      if (!rows.length) continue;
      const row = rows[0];
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.status === null) return { kind: 'in-flight' };
      return { kind: 'replay', answer: { status: row.status, contentType: row.content_type, body: row.body ?? '' } };
    }
    return { kind: 'in-flight' };
  }

  /** Records the first answer (only the claim's owner may: a request whose lease was taken over writes nothing). */
  async complete(scope: string, key: string, owner: string, answer: StoredAnswer): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET status = $4, content_type = $5, body = $6, locked_until = now()
       WHERE scope = $1 AND key = $2 AND owner = $3`,
      [scope, key, owner, answer.status, answer.contentType, answer.body],
    );
  }

  /** Gives the key up, so a retry runs the request again (its answer was not final). */
  async release(scope: string, key: string, owner: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND owner = $3`, [scope, key, owner]);
  }
}
