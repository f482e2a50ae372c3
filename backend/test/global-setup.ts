import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { freePort } from './free-port';

/**
 * One real PostgreSQL for the whole jest run (unless TEST_DATABASE_URL points at one); each test file
 * creates its own database in it (test/test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-pg-'));
  fs.chmodSync(dir, 0o755); // PostgreSQL runs as the OS user postgres when we are root: it must reach the data dir
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePort(), database: 'postgres', persistent: false });
  process.env.TEST_DATABASE_URL = db.url;
  (globalThis as { __CENT_PG__?: unknown }).__CENT_PG__ = { db, dir };
}
