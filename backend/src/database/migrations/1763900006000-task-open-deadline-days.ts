import { MigrationInterface, QueryRunner } from 'typeorm';

/** OPEN_TASK of tasks/queries/task.queries.ts (with PUBLIC_TASK) minus the deadline; keep them identical. */
const OPEN = `funding_status = 'funded' AND is_active AND completions + pending_submissions < max_completions`;

/**
 * task_open_deadline_days: per category and UTC day of the deadline (days since 1970-01-01), how many listed
 * tasks have a free slot, kept by the tasks projection with task_listing_counts. The "available" total becomes
 * the open tasks of the days after today plus today's whose deadline is still ahead: work bounded by one day of
 * deadlines, where subtracting every open task whose deadline ever passed grew with the marketplace's history
 * (tasks that expire unfilled stay open forever). Today's part is a range of tasks_open_deadline_idx, or of
 * tasks_open_category_deadline_idx with a category.
 */
export class TaskOpenDeadlineDays1763900006000 implements MigrationInterface {
  name = 'TaskOpenDeadlineDays1763900006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE task_open_deadline_days (
        category text NOT NULL,
        day integer NOT NULL,
        open integer NOT NULL DEFAULT 0,
        PRIMARY KEY (category, day)
      )`);
    await q.query(`
      INSERT INTO task_open_deadline_days (category, day, open)
      SELECT category, floor(extract(epoch FROM deadline) / 86400)::int, count(*) FROM tasks WHERE ${OPEN} GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE task_open_deadline_days`);
  }
}
