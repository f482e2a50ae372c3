import * as path from 'node:path';
import { AppConfig } from '../config/app-config';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/postgres (kept across restarts). */
export async function resolveDatabase(config: AppConfig, log: (line: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  return startEmbeddedPostgres({
    dataDir: path.join(config.DATA_DIR, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    database: 'cent_tasks',
    log,
  });
}
