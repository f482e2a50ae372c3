import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureDatabase } from '../src/database/embedded-postgres';
import { childOutput } from './child-output';
import { freePort } from './free-port';

/**
 * A PostgreSQL of one test's own (not the shared one of the jest run), so the test may stop and start it:
 * a real restart, with PostgreSQL terminating every connection (57P01) and refusing new ones meanwhile.
 */
export interface OwnPostgres {
  /** URL of the database `cent` in it. */
  url: string;
  /** `fast`: PostgreSQL ends every session (57P01) and exits; `immediate`: every server process quits at once. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-own-pg-'));
  fs.chmodSync(dir, 0o755); // PostgreSQL runs as the OS user postgres when we are root
  const port = await freePort();
  const admin = `postgres://postgres:cent-local@127.0.0.1:${port}/postgres`;
  let proc: ChildProcess | null = null;

  const start = async () => {
    const child = spawn(process.execPath, [path.join(__dirname, 'own-postgres.process.mjs'), path.join(dir, 'data'), String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = child;
    await childOutput(child, 'ready', 'own PostgreSQL').ready;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    const child = proc;
    proc = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(mode === 'fast' ? 'SIGTERM' : 'SIGUSR2');
    await exited;
  };

  await start();
  await ensureDatabase(admin, 'cent');
  return {
    url: admin.replace(/\/postgres$/, '/cent'),
    stop,
    start,
    async remove() {
      await stop('fast');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
