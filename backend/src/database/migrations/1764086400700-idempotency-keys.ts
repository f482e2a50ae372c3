import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * idempotency_keys: the first answer to each (scope, Idempotency-Key), so a retried write is answered again
 * instead of done again, on whichever backend replica it lands (src/idempotency). `owner` is the claim of the
 * request that runs it; `status` stays NULL while it runs; `locked_until` lets a retry take over a claim whose
 * process died; rows past `expires_at` are swept.
 */
export class IdempotencyKeys1764086400700 implements MigrationInterface {
  name = 'IdempotencyKeys1764086400700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        owner uuid NOT NULL,
        status smallint,
        content_type text,
        body text,
        locked_until timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
