import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const INDEXER = path.resolve(__dirname, '..', '..');

export interface IndexerChild {
  proc: ChildProcess;
  /** Resolves when the process printed its start line (leadership may still be pending). */
  ready: Promise<void>;
  output(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real indexer process (src/main.ts through bin/run-ts.js), so crash tests can SIGKILL it at any
 * point: nothing in process could simulate that honestly (no finally blocks, no flushed buffers).
 */
export function spawnIndexer(env: Record<string, string>): IndexerChild {
  const proc = spawn(process.execPath, [path.join(INDEXER, 'bin', 'run-ts.js'), path.join(INDEXER, 'src', 'main.ts')], {
    cwd: INDEXER,
    env: { ...process.env, ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let resolveReady: () => void;
  let rejectReady: (e: Error) => void;
  const ready = new Promise<void>((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  const onData = (c: Buffer) => {
    out += c.toString();
    if (out.includes('CENT indexer:')) resolveReady();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.once('exit', (code) => rejectReady(new Error(`indexer exited (${code}) before it was ready:\n${out}`)));
  const kill = async (signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill(signal);
    await exited;
  };
  ready.catch(() => undefined);
  return { proc, ready, output: () => out, kill9: () => kill('SIGKILL'), stop: () => kill('SIGTERM') };
}
