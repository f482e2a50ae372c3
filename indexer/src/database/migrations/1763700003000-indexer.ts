import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bookkeeping of the indexer (indexer/) and the payout worker. These are not projections: they record
 * what the chain bridge has done (where it is, which blocks and logs it has seen, which transactions it
 * signed), so they are never rebuilt from the event store.
 *
 * - indexer_checkpoints: per source (chain id + escrow address) the last fully applied block and its hash.
 * - indexer_blocks: hashes of recent (unfinalized) blocks the indexer relied on: range ends and blocks
 *   holding logs. A parent-hash mismatch is resolved by walking these back to the common ancestor.
 * - indexer_applied_logs: every escrow log handed to the domain, with its outcome (in the transaction that
 *   appends the range's facts), so a reorganisation can compensate every fact of a dropped block.
 * - payout_transactions: the worker's outbox. A release transaction is signed and stored (hash, nonce,
 *   raw bytes) before it is broadcast, so after a crash the same transaction is re-sent or awaited and a
 *   submission never gets a second, different transaction while one may still be mined.
 */
export class Indexer1763700003000 implements MigrationInterface {
  name = 'Indexer1763700003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE indexer_checkpoints (
        source text PRIMARY KEY,
        block_number bigint NOT NULL,
        block_hash text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE indexer_blocks (
        source text NOT NULL,
        number bigint NOT NULL,
        hash text NOT NULL,
        parent_hash text NOT NULL,
        PRIMARY KEY (source, number)
      )`);
    await q.query(`
      CREATE TABLE indexer_applied_logs (
        source text NOT NULL,
        block_number bigint NOT NULL,
        block_hash text NOT NULL,
        log_index integer NOT NULL,
        tx_hash text NOT NULL,
        event text NOT NULL,
        task_id numeric(78,0) NOT NULL,
        submission_id numeric(78,0),
        outcome text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (source, block_hash, log_index)
      )`);
    await q.query(`CREATE INDEX indexer_applied_logs_block_idx ON indexer_applied_logs (source, block_number)`);
    await q.query(`
      CREATE TABLE payout_transactions (
        id bigserial PRIMARY KEY,
        chain_id integer NOT NULL,
        sender text NOT NULL,
        nonce bigint NOT NULL,
        task_id integer NOT NULL,
        submission_ids integer[] NOT NULL,
        recipients text[] NOT NULL,
        tx_hash text NOT NULL UNIQUE,
        raw_tx text NOT NULL,
        status text NOT NULL,
        block_number bigint,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payout_transactions_open_idx ON payout_transactions (status) WHERE status IN ('signed', 'mined')`);
    await q.query(`CREATE INDEX payout_transactions_submissions_idx ON payout_transactions USING gin (submission_ids)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payout_transactions`);
    await q.query(`DROP TABLE indexer_applied_logs`);
    await q.query(`DROP TABLE indexer_blocks`);
    await q.query(`DROP TABLE indexer_checkpoints`);
  }
}
