import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * indexer_applied_logs.task_id may be NULL: a RewardReleased / TaskRefunded of an escrow key no TaskFunded
 * the indexer saw created (or a log it cannot decode) belongs to no task id, and is now recorded with its
 * outcome ('rejected: …') like every other log instead of being dropped from the record (issue 19).
 */
export class IndexerUnboundLogs1795619000700 implements MigrationInterface {
  name = 'IndexerUnboundLogs1795619000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE indexer_applied_logs ALTER COLUMN task_id DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM indexer_applied_logs WHERE task_id IS NULL`);
    await q.query(`ALTER TABLE indexer_applied_logs ALTER COLUMN task_id SET NOT NULL`);
  }
}
