/**
 * `npm start` (scripts/start.mjs) supervises its database and chain as it does its services: a SIGKILLed
 * embedded PostgreSQL or anvil is logged and restarted with the same backoff and crash budget, the backend
 * lives through it (503 meanwhile, not a crash) and answers again by itself; Ctrl-C then stops everything.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { eventually } from './support/stack';
import { StartPlace, StartProcess, isAlive, spawnStart, startPlace } from './support/start-process';

describe('npm start restarts its database and its chain', () => {
  let place: StartPlace;
  let start: StartProcess | undefined;

  beforeAll(async () => {
    place = await startPlace();
  });

  afterAll(async () => {
    if (start && start.proc.exitCode === null && start.proc.signalCode === null) start.proc.kill('SIGINT');
    await start?.exited;
    place.remove();
  });

  const postmasterPid = () => Number(fs.readFileSync(path.join(place.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const api = (p: string) => fetch(`http://127.0.0.1:${place.port}/api${p}`, { signal: AbortSignal.timeout(10_000) });
  const blockNumber = async () => {
    const res = await fetch(`http://127.0.0.1:${place.chainPort}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(5_000),
    });
    return Number(((await res.json()) as { result: string }).result);
  };

  it('a SIGKILLed PostgreSQL and a SIGKILLed anvil are logged and restarted; the backend and indexer live through it and answer again without a restart', async () => {
    start = spawnStart(place, { LOG_LEVEL: 'warn', START_CRASH_BUDGET: '3', START_CRASH_WINDOW_MS: '600000' });
    await start.waitFor(/Ctrl-C stops everything\./, 240_000);
    const out = start.output();
    const backendPid = Number(out.match(/\[start\] backend started \(pid (\d+)\)/)![1]);
    const indexerPid = Number(out.match(/\[start\] indexer started \(pid (\d+)\)/)![1]);
    await api('/health').then((r) => expect(r.status).toBe(200));

    // The database dies.
    const pg = postmasterPid();
    let mark = start.output().length;
    process.kill(pg, 'SIGKILL');
    await start.waitFor(/database exited \(SIGKILL\); restarting it in 1 s \(crash 1 of 3 allowed within 600 s\)/, 30_000, mark);
    const restartedPg = Number((await start.waitFor(/database restarted \(pid (\d+)\)/, 60_000, mark))[1]);
    expect(restartedPg).not.toBe(pg);
    expect(postmasterPid()).toBe(restartedPg);
    await eventually(async () => (await api('/health')).status === 200, 60_000, 'the backend answering again');
    await eventually(async () => (await api('/tasks?limit=5')).status === 200, 30_000, 'task list again');
    // The same backend and indexer processes: they lived through the outage.
    expect(start.output().slice(mark)).not.toMatch(/(backend|indexer) exited/);
    expect([isAlive(backendPid), isAlive(indexerPid)]).toEqual([true, true]);

    // The chain dies.
    const chainPid = Number(out.match(/\[start\] chain started \(pid (\d+)\)/)![1]);
    const head = await blockNumber();
    mark = start.output().length;
    process.kill(chainPid, 'SIGKILL');
    await start.waitFor(/chain exited \(SIGKILL\); restarting it in 1 s \(crash 1 of 3 allowed within 600 s\)/, 30_000, mark);
    const restartedChain = Number((await start.waitFor(/chain restarted \(pid (\d+)\)/, 30_000, mark))[1]);
    expect(restartedChain).not.toBe(chainPid);
    // It comes back with its state (written every 5 s; the blocks of the last seconds may be gone).
    expect(await eventually(async () => blockNumber().catch(() => null), 30_000, 'anvil answering')).toBeGreaterThanOrEqual(Math.max(0, head - 10));
    const ready = await eventually(async () => {
      const body = (await (await api('/health/ready')).json()) as { chain: { status: string } };
      return body.chain.status === 'up' && body;
    }, 30_000, 'the backend reading the chain again');
    expect(ready).toMatchObject({ status: 'ready', database: { status: 'up' } });

    // Ctrl-C: everything stops, the restarted database and chain included.
    const pids = [backendPid, indexerPid, restartedPg, restartedChain];
    start.proc.kill('SIGINT');
    expect(await start.exited).toEqual({ code: 0, signal: null });
    expect(pids.filter(isAlive)).toEqual([]);
    expect(spawnSync('pgrep', ['-f', place.dataDir]).stdout.toString().trim()).toBe('');
  }, 400_000);
});
