import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payout worker under pressure (indexer/src/payouts):
 * - payout_transactions keeps every attempt of a nonce: a fee-bumped replacement is another row with the
 *   same nonce and payload ('signed' while it may still be mined; the attempts that lose are 'superseded').
 *   The fees each attempt was signed with, the head block when it was signed or reopened (to see it
 *   stuck), and how many times in a row the chain showed its nonce used with no receipt and its
 *   submissions unpaid (absence is confirmed before the submissions are freed, so a lagging RPC never
 *   makes a mined payout look dropped).
 * - leader_epochs: a fencing token per leadership name, bumped by every new leader. A worker broadcasts
 *   only inside a transaction that holds its epoch row FOR SHARE and sees its own epoch, so a successor's
 *   bump waits for that broadcast and every later broadcast of the old leader is refused.
 */
export class PayoutPipeline1763900000000 implements MigrationInterface {
  name = 'PayoutPipeline1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payout_transactions
        ADD COLUMN max_fee_per_gas numeric(78,0),
        ADD COLUMN max_priority_fee_per_gas numeric(78,0),
        ADD COLUMN gas_price numeric(78,0),
        ADD COLUMN signed_at_block bigint,
        ADD COLUMN absent_observations integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX payout_transactions_nonce_idx ON payout_transactions (chain_id, sender, nonce)`);
    await q.query(`
      CREATE TABLE leader_epochs (
        name text PRIMARY KEY,
        epoch bigint NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE leader_epochs`);
    await q.query(`DROP INDEX payout_transactions_nonce_idx`);
    await q.query(`
      ALTER TABLE payout_transactions
        DROP COLUMN max_fee_per_gas, DROP COLUMN max_priority_fee_per_gas, DROP COLUMN gas_price,
        DROP COLUMN signed_at_block, DROP COLUMN absent_observations`);
  }
}
