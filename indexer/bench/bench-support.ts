import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres } from '@cent/backend';
import { freePort } from '../test/support/anvil';
import { pgStatementsSettings } from '@cent/backend/testing';

/** A fresh database named `<prefix>_<time>` on DATABASE_URL, else an embedded PostgreSQL in a temporary directory. */
export async function benchDatabase(prefix: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const name = `${prefix}_${Date.now()}`;
    await ensureDatabase(process.env.DATABASE_URL, name);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    return { url: u.toString(), stop: async () => undefined };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePort(), database: 'bench', persistent: false,
    settings: pgStatementsSettings() });
  return { url: db.url, stop: async () => { await db.stop(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
