import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The wallet each payout was requested for (PayoutRequested.recipient), so the audit and the escrow view can
 * compare every on-chain release's recipient with it. Existing rows are filled from their events.
 */
export class PayoutRecipient1763900000100 implements MigrationInterface {
  name = 'PayoutRecipient1763900000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submissions ADD COLUMN payout_recipient text`);
    await q.query(`
      UPDATE submissions s SET payout_recipient = r.recipient
        FROM (SELECT DISTINCT ON ((data->>'submissionId')::int) (data->>'submissionId')::int AS id, data->>'recipient' AS recipient
                FROM events WHERE event_type = 'PayoutRequested'
               ORDER BY (data->>'submissionId')::int, global_position DESC) r
       WHERE s.id = r.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submissions DROP COLUMN payout_recipient`);
  }
}
