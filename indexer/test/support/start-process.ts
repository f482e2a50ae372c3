import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from './anvil';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Ports and a data directory of one's own, so a test's `npm start` never meets a developer's. */
export interface StartPlace {
  dataDir: string;
  port: number;
  chainPort: number;
  pgPort: number;
  remove(): void;
}

export async function startPlace(): Promise<StartPlace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-start-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as the OS user postgres when we are root: it must reach the data dir
  return {
    dataDir,
    port: await freePort(),
    chainPort: await freePort(),
    pgPort: await freePort(),
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * `npm start`'s supervisor (scripts/start.mjs) as a real child process, from source (START_FROM_SOURCE: no
 * build), with only the variables a user would set: the rest of this process's environment is dropped so
 * nothing of the test setup leaks into it.
 */
export interface StartProcess {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output from `from` on (default: all of it). */
  waitFor(pattern: RegExp, timeoutMs?: number, from?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnStart(place: StartPlace, extraEnv: Record<string, string> = {}): StartProcess {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  const env: Record<string, string> = Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
  const proc = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...env,
      START_FROM_SOURCE: 'true',
      DATA_DIR: place.dataDir,
      PORT: String(place.port),
      CHAIN_PORT: String(place.chainPort),
      EMBEDDED_PG_PORT: String(place.pgPort),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    out += c.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const l of listeners) l();
    }),
  );
  const waitFor = (pattern: RegExp, timeoutMs = 120_000, from = 0) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = out.slice(from).match(pattern);
        if (m) return finish(() => resolve(m));
        if (proc.exitCode !== null || proc.signalCode !== null) finish(() => reject(new Error(`npm start exited before ${pattern}:\n${out}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${out}`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });
  return { proc, output: () => out, waitFor, exited };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
