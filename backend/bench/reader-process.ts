/**
 * Drives read-at-rate.process.ts: one child process for the whole bench, asked for one read stream at a time.
 */
import { ChildProcess, fork } from 'node:child_process';
import * as path from 'node:path';
import { RateStats, ReadRequest } from './list-under-writes';

export interface ReaderRun {
  base: string;
  mix: ReadRequest[];
  perSec: number;
  durationS: number;
  warmupS: number;
}

export type ReaderReply =
  | { ready: true }
  | { stats: RateStats; eventLoopDelay: { p99Ms: number; maxMs: number } }
  | { error: string };

export interface Reader {
  /** The child's pid (its CPU is the load generator's too). */
  pid: number;
  run(run: ReaderRun): Promise<RateStats>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..', '..');

export async function startReader(): Promise<Reader> {
  // The repository's TypeScript loader (swc), as the bench's indexer child uses it.
  const child: ChildProcess = fork(path.join(ROOT, 'indexer', 'bin', 'run-ts.js'), [path.join(__dirname, 'read-at-rate.process.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<ReaderReply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the reader process exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: ReaderReply) => {
        child.off('exit', onExit);
        resolve(m);
      });
    });
  await next();
  return {
    pid: child.pid!,
    async run(run) {
      const reply = next();
      child.send(run);
      const m = await reply;
      if ('error' in m) throw new Error(`reads at rate: ${m.error}`);
      if (!('stats' in m)) throw new Error('the reader process answered out of turn');
      console.log(`reads at ${run.perSec}/s: the reader process's event-loop delay p99 ${m.eventLoopDelay.p99Ms} ms, max ${m.eventLoopDelay.maxMs} ms`);
      return m.stats;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}
