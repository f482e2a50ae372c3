import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed payouts (FAILED_PAYOUTS in backend/src/payouts/payout-queue.ts): every metrics scrape counts them and
 * `npm run audit` lists them. A partial index on exactly their rows keeps that to their number instead of a scan
 * of every submission.
 */
export class FailedPayouts1795619042000 implements MigrationInterface {
  name = 'FailedPayouts1795619042000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX submissions_payout_failed_idx ON submissions (id) WHERE status = 'approved' AND payout_status = 'failed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submissions_payout_failed_idx`);
  }
}
