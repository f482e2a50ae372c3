/**
 * The list read stream at a fixed offered rate (`readAtRate`) in a process of its own, run by bench:api over IPC
 * (reader-process.ts). The process that measures the reads does nothing else: the bench's own process also drives
 * the write stream, signs the payout transactions and holds the seed's data, and its event loop stalled for up to
 * ~100 ms at times (p99 25–49 ms), which every read due meanwhile counted as the server's latency.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readAtRate } from './list-under-writes';
import type { ReaderReply, ReaderRun } from './reader-process';

process.on('message', (run: ReaderRun) => {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  readAtRate(run.base, run.mix, run.perSec, run.durationS, run.warmupS).then(
    (stats) => reply({ stats, eventLoopDelay: { p99Ms: Math.round(loop.percentile(99) / 1e6), maxMs: Math.round(loop.max / 1e6) } }),
    (err: Error) => reply({ error: err.stack ?? err.message }),
  ).finally(() => loop.disable());
});
process.on('disconnect', () => process.exit(0));
reply({ ready: true });

function reply(message: ReaderReply): void {
  process.send!(message);
}
