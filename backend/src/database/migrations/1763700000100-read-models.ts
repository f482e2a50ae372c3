import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read tables: projections of the event store, rebuildable from position 0. Uniqueness (wallet, username,
 * one submission per user and task) is enforced on the write side, so these indexes are plain lookups.
 */
export class ReadModels1763700000100 implements MigrationInterface {
  name = 'ReadModels1763700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE users (
        id integer PRIMARY KEY,
        username text,
        email text,
        wallet_address text,
        bio text,
        is_admin boolean NOT NULL DEFAULT false,
        profile_image text,
        password_hash text,
        wallet_linked_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX users_wallet_idx ON users (lower(wallet_address))`);
    await q.query(`CREATE INDEX users_username_idx ON users (lower(username))`);

    await q.query(`
      CREATE TABLE tasks (
        id integer PRIMARY KEY,
        title text NOT NULL,
        description text NOT NULL,
        requirements text NOT NULL,
        category text NOT NULL,
        creator_id integer NOT NULL,
        reward integer NOT NULL,
        max_completions integer NOT NULL,
        completions integer NOT NULL DEFAULT 0,
        total_submissions integer NOT NULL DEFAULT 0,
        pending_submissions integer NOT NULL DEFAULT 0,
        estimated_time integer NOT NULL,
        deadline timestamptz NOT NULL,
        submission_type text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        funding_status text NOT NULL,
        chain_id integer NOT NULL,
        contract_address text,
        escrow_amount numeric(78,0) NOT NULL,
        released_amount numeric(78,0) NOT NULL DEFAULT 0,
        refunded_amount numeric(78,0) NOT NULL DEFAULT 0,
        funded_tx_hash text,
        funding_anomaly text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX tasks_creator_idx ON tasks (creator_id)`);
    // Listing: only funded tasks, newest/reward/deadline orders, optionally per category.
    await q.query(`CREATE INDEX tasks_listed_created_idx ON tasks (created_at DESC, id DESC) WHERE funding_status = 'funded'`);
    await q.query(`CREATE INDEX tasks_listed_reward_idx ON tasks (reward DESC, id DESC) WHERE funding_status = 'funded'`);
    await q.query(`CREATE INDEX tasks_listed_category_reward_idx ON tasks (category, reward DESC, id DESC) WHERE funding_status = 'funded'`);
    await q.query(`CREATE INDEX tasks_listed_deadline_idx ON tasks (deadline, id) WHERE funding_status = 'funded'`);
    await q.query(`CREATE INDEX tasks_title_trgm_idx ON tasks USING gin (title gin_trgm_ops)`);
    await q.query(`CREATE INDEX tasks_description_trgm_idx ON tasks USING gin (description gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE submissions (
        id integer PRIMARY KEY,
        task_id integer NOT NULL,
        user_id integer NOT NULL,
        proof_link text,
        proof_text text,
        proof_file_url text,
        notes text,
        status text NOT NULL,
        reviewed_by integer,
        review_notes text,
        reviewed_at timestamptz,
        payout_status text,
        payout_error text,
        payout_tx_hash text,
        payout_block_number bigint,
        transaction_hash text,
        ai_validated boolean NOT NULL DEFAULT false,
        ai_validation jsonb,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX submissions_task_idx ON submissions (task_id, id)`);
    await q.query(`CREATE INDEX submissions_user_idx ON submissions (user_id, id)`);
    await q.query(`CREATE INDEX submissions_status_idx ON submissions (status, created_at DESC)`);
    await q.query(`CREATE INDEX submissions_task_user_idx ON submissions (task_id, user_id)`);

    await q.query(`
      CREATE TABLE leaderboard (
        user_id integer PRIMARY KEY,
        total_earned bigint NOT NULL DEFAULT 0,
        completed_tasks integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX leaderboard_earned_idx ON leaderboard (total_earned DESC, user_id)`);
    await q.query(`CREATE INDEX leaderboard_completed_idx ON leaderboard (completed_tasks DESC, user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE leaderboard`);
    await q.query(`DROP TABLE submissions`);
    await q.query(`DROP TABLE tasks`);
    await q.query(`DROP TABLE users`);
  }
}
