import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * - notifications: the notifications projection (one row per event and user it concerns; the id is the
 *   event's global position), with a partial index for the unread count;
 * - rate_limits: request counters per key and window shared by every backend replica (ThrottlerStorage).
 */
export class Notifications1763900001000 implements MigrationInterface {
  name = 'Notifications1763900001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        position bigint NOT NULL,
        user_id integer NOT NULL,
        kind text NOT NULL,
        task_id integer NOT NULL,
        task_title text,
        submission_id integer,
        detail jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        read_at timestamptz,
        PRIMARY KEY (position, user_id)
      )`);
    await q.query(`CREATE INDEX notifications_user_idx ON notifications (user_id, position DESC)`);
    await q.query(`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`);

    await q.query(`
      CREATE UNLOGGED TABLE rate_limits (
        key text NOT NULL,
        window_start bigint NOT NULL,
        hits integer NOT NULL,
        expires_at timestamptz NOT NULL,
        blocked_until bigint,
        PRIMARY KEY (key, window_start)
      )`);
    await q.query(`CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limits`);
    await q.query(`DROP TABLE notifications`);
  }
}
