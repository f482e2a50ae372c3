import { MigrationInterface, QueryRunner } from 'typeorm';

/** The predicate of OPEN_TASK (tasks/queries/task.queries.ts) minus the deadline; keep the two identical. */
const OPEN = `funding_status = 'funded' AND is_active AND completions + pending_submissions < max_completions`;

/**
 * Listing indexes for `available=true` (the browser's default): partial on "open" tasks, so a page is a short
 * index walk and the `total` count an index-only scan (the deadline, the one time-dependent condition, is
 * an INCLUDEd column filtered in the index). Oldest / reward-low walk the newest / reward-high ones backwards.
 * A task leaves these indexes when it fills up, is deactivated or is refunded.
 */
export class TaskListing1763700002000 implements MigrationInterface {
  name = 'TaskListing1763700002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX tasks_open_created_idx ON tasks (created_at DESC, id DESC) INCLUDE (deadline) WHERE ${OPEN}`);
    await q.query(`CREATE INDEX tasks_open_category_created_idx ON tasks (category, created_at DESC, id DESC) INCLUDE (deadline) WHERE ${OPEN}`);
    await q.query(`CREATE INDEX tasks_open_reward_idx ON tasks (reward DESC, id DESC) INCLUDE (deadline) WHERE ${OPEN}`);
    await q.query(`CREATE INDEX tasks_open_category_reward_idx ON tasks (category, reward DESC, id DESC) INCLUDE (deadline) WHERE ${OPEN}`);
    await q.query(`CREATE INDEX tasks_open_deadline_idx ON tasks (deadline, id) WHERE ${OPEN}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of ['created', 'category_created', 'reward', 'category_reward', 'deadline']) {
      await q.query(`DROP INDEX tasks_open_${name}_idx`);
    }
  }
}
