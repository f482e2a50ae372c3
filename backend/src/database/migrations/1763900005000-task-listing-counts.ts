import { MigrationInterface, QueryRunner } from 'typeorm';

/** PUBLIC_TASK and OPEN_TASK of tasks/queries/task.queries.ts minus the deadline; keep them identical. */
const LISTED = `funding_status = 'funded' AND is_active`;
const OPEN = `${LISTED} AND completions + pending_submissions < max_completions`;

/**
 * - task_listing_counts: per category, how many tasks are listed and how many of those have a free slot,
 *   kept by the tasks projection in the batch that moves them, so the list's `total` for the usual filters
 *   (none, a category, available) is a sum of a few rows instead of a count over every listed task. Filled
 *   from the tasks table for databases that already have tasks.
 * - tasks_open_category_deadline_idx: "available" totals subtract the open tasks whose deadline has passed
 *   (the one time-dependent condition, which no counter can follow); with a category that is a range of this.
 */
export class TaskListingCounts1763900005000 implements MigrationInterface {
  name = 'TaskListingCounts1763900005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE task_listing_counts (
        category text PRIMARY KEY,
        listed integer NOT NULL DEFAULT 0,
        open integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      INSERT INTO task_listing_counts (category, listed, open)
      SELECT category, count(*) FILTER (WHERE ${LISTED}), count(*) FILTER (WHERE ${OPEN}) FROM tasks GROUP BY category`);
    await q.query(`CREATE INDEX tasks_open_category_deadline_idx ON tasks (category, deadline) WHERE ${OPEN}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX tasks_open_category_deadline_idx`);
    await q.query(`DROP TABLE task_listing_counts`);
  }
}
