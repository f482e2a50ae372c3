import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payout queue (backend/src/payouts/payout-queue.ts, issue 23): the payout worker reads it every tick,
 * oldest first, and the metrics count it. A partial index on exactly its rows keeps those reads to the queue's
 * size instead of every approved submission ever paid.
 */
export class PayoutQueue1795619040000 implements MigrationInterface {
  name = 'PayoutQueue1795619040000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX submissions_payout_queue_idx ON submissions (updated_at, id) WHERE status = 'approved' AND payout_status IN ('requested', 'sent')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submissions_payout_queue_idx`);
  }
}
