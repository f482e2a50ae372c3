import { CENT } from './support/escrow-chain';
import { spawnIndexer } from './support/child';
import { IndexerInstance, Stack, eventually, startIndexer, startStack, within } from './support/stack';
import { Person, approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit } from './support/scenario';

/**
 * CRASH_RUNS: kills per test (default 20, the value CI runs: .ci/run does not set it). Raise it for a
 * longer soak (`CRASH_RUNS=100 npx jest test/crash.spec.ts -w indexer`); each run costs a process start.
 */
const RUNS = Number(process.env.CRASH_RUNS ?? 20);
/**
 * A run is a process start (~1 s idle, several on 2 busy cores) plus up to 1.5 s until its crash point.
 * Every wait below has its own bound (`within`), so a stuck phase fails the test with its name long
 * before this overall limit.
 */
const TIMEOUT_MS = 120_000 + RUNS * 12_000;
/** Longest a single process start, release or catch-up may take before the test names it as stuck. */
const PHASE_MS = 60_000;

/** kill -9 of the real indexer process at named points and at random moments, then a clean finish. */
describe('crash safety (child processes, SIGKILL)', () => {
  let stack: Stack;
  let domain: IndexerInstance; // the test's own domain: commands and reads, its runner never started

  beforeEach(async () => {
    stack = await startStack({ INDEXER_BATCH_BLOCKS: '2' });
    domain = await startIndexer(stack.env, { start: false });
  });

  afterEach(async () => {
    await domain?.close();
    await stack?.stop();
  });

  /** One run: start the process; it dies at its crash point, or is killed after a random delay. */
  async function crashRun(env: Record<string, string>, crashPoint: string | null, maxMs: number): Promise<string> {
    const started = Date.now();
    const child = spawnIndexer({ ...env, ...(crashPoint ? { CENT_CRASH_POINT: crashPoint } : {}) });
    try {
      await within(child.ready, PHASE_MS, 'indexer process start');
    } catch (err) {
      if (child.proc.exitCode !== null || child.proc.signalCode !== null) return 'died during start';
      await child.kill9();
      throw new Error(`${(err as Error).message}; its output:\n${child.output()}`);
    }
    const startMs = Date.now() - started;
    const delay = crashPoint ? maxMs : Math.floor(Math.random() * maxMs);
    await Promise.race([new Promise((r) => setTimeout(r, delay)), new Promise((r) => child.proc.once('exit', r))]);
    const selfKilled = child.proc.exitCode !== null || child.proc.signalCode !== null;
    await child.kill9();
    return `${selfKilled ? `died at ${crashPoint}` : `killed after ${delay} ms`} (start ${startMs} ms)`;
  }

  it(`indexer: ${RUNS} kills while applying logs lose no fact and apply none twice`, async () => {
    const env = { ...stack.env, INDEXER_PAYOUTS: 'false' };
    const creators = [await registerCreator(domain.commands, stack.chain, 0), await registerCreator(domain.commands, stack.chain, 1)];
    const tasks: Array<{ taskId: number; key: string; creator: (typeof creators)[0]; subs: Array<{ id: number; earner: Person }>; next: number }> = [];
    for (let i = 0; i < 4; i++) {
      const creator = creators[i % 2];
      const t = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 2, maxCompletions: 8, fund: false });
      tasks.push({ taskId: t.taskId, key: t.key, creator, subs: [], next: 0 });
      await (await stack.chain.escrow.connect(creator.signer).fund(t.taskId, 2n * CENT, 8, BigInt(Math.floor(t.deadline.getTime() / 1000)))).wait();
    }
    // The domain needs the fundings before submissions: let one clean indexer run apply them.
    const warmup = await startIndexer(env, { payouts: false });
    try {
      await eventually(async () => Number((await domain.db.query(`SELECT count(*) FROM tasks WHERE funding_status = 'funded'`))[0].count) === 4, 20_000, 'funded');
    } finally {
      await within(warmup.close(), PHASE_MS, 'closing the warm-up indexer');
    }
    for (const t of tasks) {
      for (let k = 0; k < 8; k++) {
        const earner = await registerUser(domain.commands);
        const id = await submit(domain.commands, t.taskId, earner);
        await approve(domain.commands, t.creator, id);
        t.subs.push({ id, earner });
      }
    }
    const points = ['follower:before-commit', 'follower:after-apply', null];
    const log: string[] = [];
    let released = 0;
    for (let run = 0; run < RUNS; run++) {
      // New chain activity before every run: a few releases (by a releaser key of the test), each in its own block.
      for (let n = 0; n < 2 && released < 32; n++, released++) {
        const t = tasks[released % 4];
        const s = t.subs[t.next++];
        await within((async () => (await stack.chain.escrow.connect(stack.chain.releaser).release(t.key, s.id, s.earner.wallet)).wait())(), PHASE_MS, `release of submission ${s.id}`);
      }
      log.push(await crashRun(env, points[run % points.length], 700));
    }
    // A clean run to the head.
    const final = await startIndexer(env, { payouts: false });
    try {
      const head = await stack.anvil.provider.getBlockNumber();
      await eventually(async () => Number((await domain.db.query(`SELECT block_number FROM indexer_checkpoints`))[0]?.block_number) === head, 30_000, 'caught up');
    } finally {
      await within(final.close(), PHASE_MS, 'closing the final indexer');
    }
    console.log(`indexer crash runs: ${log.join('; ')}`);
    expect(log.filter((l) => l.startsWith('died at follower')).length).toBeGreaterThan(0);

    const onChain = await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased());
    expect(onChain).toHaveLength(released);
    const events = await domain.db.query(
      `SELECT event_type, (data->>'submissionId')::int AS sid, data->>'txHash' AS tx FROM events
        WHERE event_type IN ('RewardReleased', 'RewardReleaseReverted', 'TaskFunded', 'TaskFundingAnomalyDetected')`,
    );
    const releasedEvents = events.filter((e: { event_type: string }) => e.event_type === 'RewardReleased');
    expect(releasedEvents).toHaveLength(released); // none lost, none twice
    expect(new Set(releasedEvents.map((e: { sid: number }) => e.sid)).size).toBe(released);
    expect(events.filter((e: { event_type: string }) => e.event_type === 'TaskFunded')).toHaveLength(4);
    expect(events.filter((e: { event_type: string }) => /Reverted|Anomaly/.test(e.event_type))).toHaveLength(0);
    for (const l of onChain) {
      const row = await submissionRow(domain.db, Number(l.args.submissionId));
      expect(row).toMatchObject({ payout_status: 'released', transaction_hash: l.transactionHash.toLowerCase() });
    }
    const board = await domain.db.query(`SELECT sum(total_earned)::int AS earned, sum(completed_tasks)::int AS n FROM leaderboard`);
    expect(board[0]).toEqual({ earned: 2 * released, n: released });
  }, TIMEOUT_MS);

  it(`payout worker: ${RUNS} kills around sending leave every approval paid exactly once`, async () => {
    const env = { ...stack.env, PAYOUT_BATCH_WINDOW_MS: '50' };
    const creator = await registerCreator(domain.commands, stack.chain, 0);
    const tasks: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 3, maxCompletions: 20 });
      tasks.push(t.taskId);
    }
    const warmup = await startIndexer(env, { payouts: false });
    try {
      await eventually(async () => Number((await domain.db.query(`SELECT count(*) FROM tasks WHERE funding_status = 'funded'`))[0].count) === 3, 20_000, 'funded');
    } finally {
      await within(warmup.close(), PHASE_MS, 'closing the warm-up indexer');
    }

    const approved: Array<{ id: number; earner: Person }> = [];
    const points = ['worker:after-sign', 'worker:after-broadcast', 'worker:after-sent', null];
    const log: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const n = 1 + Math.floor(Math.random() * 3);
      for (let k = 0; k < n; k++) {
        const earner = await registerUser(domain.commands);
        // Round-robin: at most 3 x RUNS submissions over 3 tasks of 20 slots never overflows one.
        const taskId = tasks[approved.length % tasks.length];
        const id = await submit(domain.commands, taskId, earner);
        await approve(domain.commands, creator, id);
        approved.push({ id, earner });
      }
      log.push(await crashRun(env, points[run % points.length], 1500));
    }
    const final = await startIndexer(env);
    try {
      await eventually(async () => {
        const rows = await Promise.all(approved.map((a) => submissionRow(domain.db, a.id)));
        return rows.every((r) => r?.payout_status === 'released');
      }, 60_000, 'every approval paid');
    } finally {
      await within(final.close(), PHASE_MS, 'closing the final indexer');
    }
    expect(log.filter((l) => l.startsWith('died at worker')).length).toBeGreaterThan(0);

    for (const a of approved) {
      const logs = await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, a.id));
      expect(logs).toHaveLength(1);
      expect(await stack.chain.token.balanceOf(a.earner.wallet)).toBe(3n * CENT);
      expect((await submissionRow(domain.db, a.id))!.transaction_hash).toBe(logs[0].transactionHash.toLowerCase());
    }
    // Never relying on reverts: no payout transaction reverted, none failed.
    const txs = await domain.db.query(`SELECT status, count(*)::int AS n FROM payout_transactions GROUP BY status`);
    expect(txs.filter((t: { status: string }) => t.status === 'reverted')).toEqual([]);
    const failed = await domain.db.query(`SELECT count(*)::int AS n FROM events WHERE event_type = 'PayoutFailed'`);
    expect(failed[0].n).toBe(0);
    console.log(`worker crash runs: ${log.join('; ')}; payout transactions: ${JSON.stringify(txs)}`);
  }, TIMEOUT_MS);
});
