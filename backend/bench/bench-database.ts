import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedPostgres, EmbeddedDatabase } from '../src/database/embedded-postgres';
import { freePort } from '../test/free-port';
import { pgStatementsSettings } from '../test/pg-statements';

export { freePort };

/**
 * A throwaway embedded PostgreSQL for a benchmark run (deleted on stop).
 * BENCH_PG_STATEMENTS=1 preloads pg_stat_statements (test/pg-statements.ts).
 */
export async function benchDatabase(name: string): Promise<EmbeddedDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cent-bench-${name}-`));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePort(), database: name, persistent: false,
    settings: pgStatementsSettings() });
  return {
    url: db.url,
    stop: async () => {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
