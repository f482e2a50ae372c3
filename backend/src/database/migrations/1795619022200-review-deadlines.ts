import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Review deadlines (issue 22): the read model the due-decision scheduler polls (review-deadlines projection,
 * its own checkpoint, so it is built from position 0 on first start and every older submission gets its
 * deadline by the aggregate's rule), and each task's "auto-approve after" on the tasks row.
 */
export class ReviewDeadlines1795619022200 implements MigrationInterface {
  name = 'ReviewDeadlines1795619022200';

  async up(q: QueryRunner): Promise<void> {
    // Filled by the tasks projection from TaskCreated (older tasks: 72 hours, the aggregate's default).
    await q.query(`ALTER TABLE tasks ADD COLUMN review_within_seconds integer`);
    await q.query(`
      CREATE TABLE review_deadline_tasks (
        task_id integer PRIMARY KEY,
        creator_id integer NOT NULL,
        review_within_seconds integer NOT NULL,
        review_until timestamptz NOT NULL,
        closed boolean NOT NULL DEFAULT false
      )`);
    await q.query(`
      CREATE TABLE review_deadlines (
        submission_id integer PRIMARY KEY,
        task_id integer NOT NULL,
        user_id integer NOT NULL,
        submitted_at timestamptz,
        review_deadline timestamptz NOT NULL,
        warn_at timestamptz NOT NULL,
        warned boolean NOT NULL DEFAULT false,
        flagged_reason text,
        flagged_at timestamptz,
        status text NOT NULL DEFAULT 'pending',
        decided_by_system boolean NOT NULL DEFAULT false
      )`);
    // What the scheduler asks every second: only pending rows are indexed.
    await q.query(`CREATE INDEX review_deadlines_due ON review_deadlines (review_deadline) WHERE status = 'pending' AND flagged_reason IS NULL`);
    await q.query(`CREATE INDEX review_deadlines_warn ON review_deadlines (warn_at) WHERE status = 'pending' AND flagged_reason IS NULL AND NOT warned`);
    await q.query(`CREATE INDEX review_deadlines_pending_task ON review_deadlines (task_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX review_deadline_tasks_open ON review_deadline_tasks (review_until) WHERE NOT closed`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE review_deadlines`);
    await q.query(`DROP TABLE review_deadline_tasks`);
    await q.query(`ALTER TABLE tasks DROP COLUMN review_within_seconds`);
  }
}
