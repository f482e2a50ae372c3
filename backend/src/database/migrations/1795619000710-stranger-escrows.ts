import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * tasks.stranger_escrows_unlisted: strangers' escrows of a task id (another wallet funding it) beyond the
 * first few the `anomalies` column lists. Anyone can create them by the hundred for 1 base unit each; listed
 * one by one they made a task row, and every JSON made of it, hundreds of kB (issue 19, item 10).
 */
export class StrangerEscrows1795619000710 implements MigrationInterface {
  name = 'StrangerEscrows1795619000710';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks ADD COLUMN stranger_escrows_unlisted integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks DROP COLUMN stranger_escrows_unlisted`);
  }
}
