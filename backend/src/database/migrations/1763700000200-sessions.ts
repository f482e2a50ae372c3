import { MigrationInterface, QueryRunner } from 'typeorm';

/** Cookie sessions live in PostgreSQL (connect-pg-simple's layout) so any backend replica serves any user. */
export class Sessions1763700000200 implements MigrationInterface {
  name = 'Sessions1763700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sessions (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_expire_idx ON sessions (expire)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sessions`);
  }
}
