import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * TaskEscrow v2 names escrows by key (funder + terms), not by task id:
 * - the indexer records each log's key, so a release or refund (which carry only the key) is bound to the
 *   task id of the TaskFunded that created that key (indexer/src/follower/escrow-key-binding.ts);
 * - a payout transaction records the key it releases from (re-simulated and re-checked with it later).
 */
export class EscrowKeys1763900000200 implements MigrationInterface {
  name = 'EscrowKeys1763900000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE indexer_applied_logs ADD COLUMN escrow_key text`);
    await q.query(`ALTER TABLE payout_transactions ADD COLUMN escrow_key text`);
    await q.query(
      `CREATE INDEX indexer_applied_logs_funded_key_idx ON indexer_applied_logs (source, escrow_key) WHERE event = 'TaskFunded'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX indexer_applied_logs_funded_key_idx`);
    await q.query(`ALTER TABLE payout_transactions DROP COLUMN escrow_key`);
    await q.query(`ALTER TABLE indexer_applied_logs DROP COLUMN escrow_key`);
  }
}
