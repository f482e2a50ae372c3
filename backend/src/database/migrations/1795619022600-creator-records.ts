import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every creator's record (issue 22), the creator-records projection's tables (its own checkpoint: built from
 * position 0 on first start). `creator_record_submissions` keeps one row per submission to a task of the
 * creator, so the median time to review is exact (percentile over the rows) and a figure can be re-derived
 * when a later event (an appeal overturned, a reverted release) changes one submission; `creator_records`
 * holds the figures per creator, recomputed from those rows once per batch, so reads are one primary-key
 * lookup (the task list joins it per listed task).
 */
export class CreatorRecords1795619022600 implements MigrationInterface {
  name = 'CreatorRecords1795619022600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE creator_record_tasks (
        task_id integer PRIMARY KEY,
        creator_id integer NOT NULL,
        review_within_seconds integer NOT NULL,
        review_until timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE creator_record_submissions (
        submission_id integer PRIMARY KEY,
        task_id integer NOT NULL,
        creator_id integer NOT NULL,
        submitted_at timestamptz NOT NULL,
        review_deadline timestamptz NOT NULL,
        reviewed_at timestamptz,
        review_ms bigint,
        reviewed_by_system boolean NOT NULL DEFAULT false,
        approved boolean NOT NULL DEFAULT false,
        auto_approved boolean NOT NULL DEFAULT false,
        appeal_overturned boolean NOT NULL DEFAULT false,
        paid numeric(78, 0) NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX creator_record_submissions_creator ON creator_record_submissions (creator_id)`);
    await q.query(`
      CREATE TABLE creator_records (
        creator_id integer PRIMARY KEY,
        submissions_reviewed integer NOT NULL,
        reviewed_before_deadline integer NOT NULL,
        approved integer NOT NULL,
        auto_approved integer NOT NULL,
        appeals_overturned integer NOT NULL,
        median_review_ms double precision,
        cent_paid numeric(78, 0) NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE creator_records`);
    await q.query(`DROP TABLE creator_record_submissions`);
    await q.query(`DROP TABLE creator_record_tasks`);
  }
}
