import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the task JSON's `funding` object needs (backend/README.md): the key of the escrow the app
 * recognises and who funded it, when review closes and the refund opens, and every anomaly (funding or
 * payout) as a list. `funding_anomaly` (one text) becomes that list; 'funding_anomaly' becomes 'anomaly'.
 * Rows written before this migration get the defaults their TaskCreated implies (7-day window, 1 h margin);
 * a rebuild gives the same.
 */
export class TaskFunding1763700005100 implements MigrationInterface {
  name = 'TaskFunding1763700005100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE tasks
        ADD COLUMN escrow_key text,
        ADD COLUMN funder text,
        ADD COLUMN review_until timestamptz,
        ADD COLUMN refundable_at timestamptz,
        ADD COLUMN anomalies jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(`
      UPDATE tasks SET
        refundable_at = to_timestamp(floor(extract(epoch FROM deadline)) + 604801),
        review_until = to_timestamp(floor(extract(epoch FROM deadline)) + 604800 - 3600),
        anomalies = CASE WHEN funding_anomaly IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
          'kind', 'funding_mismatch', 'reason', funding_anomaly, 'txHash', funded_tx_hash, 'audience', 'creator',
          'recovery', 'Refund that escrow from the wallet that funded it once its refund opens, then fund again with the exact arguments.')) END,
        funding_status = CASE WHEN funding_status = 'funding_anomaly' THEN 'anomaly' ELSE funding_status END`);
    await q.query(`ALTER TABLE tasks DROP COLUMN funding_anomaly`);
    await q.query(`ALTER TABLE tasks ALTER COLUMN review_until SET NOT NULL, ALTER COLUMN refundable_at SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks ADD COLUMN funding_anomaly text`);
    await q.query(`UPDATE tasks SET funding_status = 'funding_anomaly' WHERE funding_status = 'anomaly'`);
    await q.query(`ALTER TABLE tasks DROP COLUMN escrow_key, DROP COLUMN funder, DROP COLUMN review_until, DROP COLUMN refundable_at, DROP COLUMN anomalies`);
  }
}
