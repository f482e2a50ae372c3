import { ProjectionRunner } from '@cent/backend';
import { CENT } from './support/escrow-chain';
import { spawnIndexer } from './support/child';
import { IndexerInstance, Stack, eventually, startIndexer, startStack, within } from './support/stack';
import { createAndFundTask, registerCreator, taskRow } from './support/scenario';

const unix = (d: Date) => BigInt(Math.floor(d.getTime() / 1000));
const PHASE_MS = 60_000;

/**
 * A block range is applied as ONE transaction: every task's facts, the range's recorded logs and the
 * checkpoint commit together. Real anvil, real PostgreSQL, the real indexer process killed inside that
 * transaction.
 */
describe('a range of many tasks commits its facts and its checkpoint together', () => {
  let stack: Stack;
  let domain: IndexerInstance; // the test's own domain: commands and reads, its runner never started

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { start: false, payouts: false });
  });

  afterAll(async () => {
    await domain?.close();
    await stack?.stop();
  });

  const q = (sql: string, params: unknown[] = []) => domain.db.query(sql, params);

  it('a crash before the commit leaves nothing of the range; the next run applies all of it once, a stranger\'s funding as an anomaly beside the good ones', async () => {
    const env = { ...stack.env, INDEXER_PAYOUTS: 'false' };
    const creators = [await registerCreator(domain.commands, stack.chain, 0), await registerCreator(domain.commands, stack.chain, 1)];
    const tasks = [];
    for (let i = 0; i < 3; i++) {
      const creator = creators[i % 2];
      const t = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 3, maxCompletions: 2, fund: false });
      await (await stack.chain.escrow.connect(creator.signer).fund(t.taskId, 3n * CENT, 2, unix(t.deadline))).wait();
      tasks.push({ ...t, creator });
    }
    // The other creator funds the first task's id with the same terms: another escrow key, not the app's.
    const squat = await (await stack.chain.escrow.connect(creators[1].signer).fund(tasks[0].taskId, 3n * CENT, 2, unix(tasks[0].deadline))).wait();
    const head = await stack.anvil.provider.getBlockNumber();

    // 1. Killed inside the range's transaction, after its facts and checkpoint were written.
    const crashing = spawnIndexer({ ...env, CENT_CRASH_POINT: 'follower:before-commit' });
    const exited = new Promise<string | null>((r) => crashing.proc.once('exit', (_code, signal) => r(signal)));
    try {
      await within(exited, PHASE_MS, 'the indexer reaching follower:before-commit');
    } finally {
      await crashing.kill9();
    }
    expect(await exited).toBe('SIGKILL');
    expect(await q(`SELECT count(*)::int AS n FROM events WHERE metadata->>'source' = 'indexer'`)).toEqual([{ n: 0 }]);
    expect(await q(`SELECT count(*)::int AS n FROM indexer_applied_logs`)).toEqual([{ n: 0 }]);
    // The checkpoint was never moved past the range (the start only wrote where it begins).
    expect(await q(`SELECT block_number::int AS n FROM indexer_checkpoints`)).toEqual([{ n: stack.chain.deployment.deploymentBlock - 1 }]);
    for (const t of tasks) expect((await taskRow(domain.db, t.taskId))?.funding_status).toBe('awaiting_funding');

    // 2. A clean run: the range read again and applied once, in one transaction.
    const clean = await startIndexer(env, { payouts: false });
    try {
      await eventually(async () => Number((await q(`SELECT block_number FROM indexer_checkpoints`))[0]?.block_number) === head, 30_000, 'caught up');
    } finally {
      await within(clean.close(), PHASE_MS, 'closing the indexer');
    }
    await domain.app.get(ProjectionRunner).catchUp();
    for (const t of tasks) expect(await taskRow(domain.db, t.taskId)).toMatchObject({ funding_status: 'funded', funder: t.creator.wallet.toLowerCase(), escrow_key: t.key });
    const first = await taskRow(domain.db, tasks[0].taskId);
    // Funded after the creator's funding in the same range: a stranger's escrow, for admins (issue 19, item 10).
    expect(first!.anomalies).toEqual([expect.objectContaining({ kind: 'stranger_escrow', audience: 'admin', txHash: squat!.hash.toLowerCase() })]);
    const facts = await q(`SELECT event_type, transaction_id::text AS tx FROM events WHERE metadata->>'source' = 'indexer'`);
    expect(facts.map((f: { event_type: string }) => f.event_type).sort()).toEqual(['TaskFunded', 'TaskFunded', 'TaskFunded', 'TaskFundingAnomalyDetected']);
    expect(new Set(facts.map((f: { tx: string }) => f.tx)).size).toBe(1);
    expect(await q(`SELECT outcome, count(*)::int AS n FROM indexer_applied_logs GROUP BY outcome`)).toEqual([{ outcome: 'applied', n: 4 }]);
  });
});
