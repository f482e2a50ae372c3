import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revise and resubmit, appeals (issue 22): the time to resubmit in the review-deadlines read model (what the
 * revision-expiry source polls), the revision history and the appeals (each its own projection, built from
 * position 0 on first start).
 */
export class RevisionsAppeals1795619031700 implements MigrationInterface {
  name = 'RevisionsAppeals1795619031700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE review_deadlines ADD COLUMN resubmit_by timestamptz`);
    await q.query(`CREATE INDEX review_deadlines_resubmit ON review_deadlines (resubmit_by) WHERE status = 'changes_requested'`);
    await q.query(`CREATE INDEX review_deadlines_open_task ON review_deadlines (task_id) WHERE status IN ('changes_requested', 'appealed')`);
    await q.query(`
      CREATE TABLE submission_revisions (
        submission_id integer NOT NULL,
        round integer NOT NULL,
        task_id integer NOT NULL,
        feedback text NOT NULL,
        requested_by integer NOT NULL,
        requested_at timestamptz NOT NULL,
        resubmit_by timestamptz NOT NULL,
        previous jsonb,
        proof jsonb,
        changed jsonb,
        resubmitted_at timestamptz,
        PRIMARY KEY (submission_id, round)
      )`);
    await q.query(`
      CREATE TABLE submission_appeals (
        submission_id integer PRIMARY KEY,
        task_id integer NOT NULL,
        user_id integer NOT NULL,
        message text NOT NULL,
        appealed_at timestamptz NOT NULL,
        decide_by timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'open',
        decided_by integer,
        reason text,
        decided_at timestamptz,
        decided_by_system boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX submission_appeals_open ON submission_appeals (decide_by) WHERE status = 'open'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE submission_appeals`);
    await q.query(`DROP TABLE submission_revisions`);
    await q.query(`DROP INDEX review_deadlines_open_task`);
    await q.query(`DROP INDEX review_deadlines_resubmit`);
    await q.query(`ALTER TABLE review_deadlines DROP COLUMN resubmit_by`);
  }
}
