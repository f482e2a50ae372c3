import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * projection_quarantine: events a projection could not apply because of the event itself (a value out of
 * range for its column, a constraint, the projection's code throwing on it), set aside so that every other
 * event and every other projection keeps moving (projections/projection-quarantine.ts). One row per
 * (projection, event); `retry_pending` marks rows a rebuild is retrying: the rebuild deletes those whose
 * event applied, the others are written again (one more attempt).
 */
export class ProjectionQuarantine1764000019200 implements MigrationInterface {
  name = 'ProjectionQuarantine1764000019200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projection_quarantine (
        projection text NOT NULL,
        global_position bigint NOT NULL,
        transaction_id xid8 NOT NULL,
        stream_id text NOT NULL,
        event_type text NOT NULL,
        error text NOT NULL,
        error_code text,
        attempts integer NOT NULL DEFAULT 1,
        retry_pending boolean NOT NULL DEFAULT false,
        quarantined_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (projection, global_position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE projection_quarantine`);
  }
}
