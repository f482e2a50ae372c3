import { Wallet } from 'ethers';
import { EntityManager } from 'typeorm';
import { fundedLog } from '../../../test/fixtures';
import { racingWriter } from '../../../test/racing-writer';
import { startTestDomain, TestContext } from '../../../test/test-app';
import { fundedWithApproval as fundedWithApprovalVia, newEscrowTask, submissionRow, taskRow } from '../../../test/escrow-task-setup';
import { chainFactKey } from '../../event-store/stored-event';
import { ApplyEscrowLogsCommand, EscrowLog, EscrowLogOutcome, TaskEscrowLogs } from './apply-escrow-logs.command';

/**
 * A block range as the indexer applies it: one ApplyEscrowLogs command holding a few logs of each of many
 * tasks, every task decided on its own, everything appended in ONE transaction with the indexer's own
 * writes (here a probe table standing for its checkpoint). Real PostgreSQL; the race is a real second
 * connection.
 */
describe('ApplyEscrowLogs over a block range of many tasks', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestDomain();
    await ctx.dataSource.query(`CREATE TABLE probe_range_commit (label text, outcomes jsonb)`);
  });
  afterAll(() => ctx.close());

  const task = (id: number) => taskRow(ctx.dataSource, id);
  const sub = (id: number) => submissionRow(ctx.dataSource, id);
  const keyOf = (l: EscrowLog) => chainFactKey(l.fact.chainId, l.fact.txHash, l.fact.logIndex, l.fact.blockHash);
  const commits = async (label: string) => (await ctx.dataSource.query(`SELECT outcomes FROM probe_range_commit WHERE label = $1`, [label])).map((r: any) => r.outcomes);
  const applyRange = (label: string, tasks: TaskEscrowLogs[]): Promise<EscrowLogOutcome[][]> =>
    ctx.commands.execute(new ApplyEscrowLogsCommand(tasks, {
      alsoInTransaction: (m: EntityManager, outcomes) => m.query(`INSERT INTO probe_range_commit (label, outcomes) VALUES ($1, $2)`, [label, JSON.stringify(outcomes)]),
    }));

  const newTask = () => newEscrowTask(ctx.commands);
  /** A funded task with one approved submission, and the release the app asked for. */
  const fundedWithApproval = () => fundedWithApprovalVia(ctx.commands, (tasks) => applyRange('setup', tasks));

  it('decides each task on its own — a stranger\'s funding and an unknown task beside good logs — and appends them in one transaction', async () => {
    const a = await newTask();
    const b = await newTask();
    const c = await fundedWithApproval();
    const stranger = Wallet.createRandom().address;
    const range: TaskEscrowLogs[] = [
      { taskId: a.id, logs: [fundedLog(a.id, a.creator.wallet, a.terms)] },
      // Someone else funds B's task id first (another escrow key); the creator's own funding follows.
      { taskId: b.id, logs: [fundedLog(b.id, stranger, b.terms), fundedLog(b.id, b.creator.wallet, b.terms)] },
      { taskId: c.id, logs: [c.release] },
      { taskId: 987654, logs: [fundedLog(987654, stranger, a.terms)] },
    ];
    const outcomes = await applyRange('mixed', range);
    expect(outcomes).toEqual([
      [{ result: 'applied' }],
      [{ result: 'applied' }, { result: 'applied' }],
      [{ result: 'applied' }],
      [{ result: 'rejected', reason: 'unknown task 987654' }],
    ]);
    // The read models show it when the command returns.
    expect(await task(a.id)).toMatchObject({ funding_status: 'funded', funder: a.creator.wallet });
    const rowB = await task(b.id);
    expect(rowB).toMatchObject({ funding_status: 'funded', funder: b.creator.wallet });
    expect(rowB.anomalies.map((x: any) => x.kind)).toEqual(['foreign_funder']);
    expect(await sub(c.s)).toMatchObject({ payout_status: 'released', transaction_hash: c.release.fact.txHash });
    expect(await task(987654)).toBeUndefined();

    // One transaction for the whole range, and the caller's write committed with the outcomes answered.
    const keys = range.flatMap((t) => t.logs.map(keyOf));
    const txs = await ctx.dataSource.query(`SELECT DISTINCT transaction_id::text FROM events WHERE idempotency_key = ANY($1)`, [keys]);
    expect(txs).toHaveLength(1);
    expect(await commits('mixed')).toEqual([outcomes]);

    // The same range again (a restart re-reading it): nothing new, every fact a duplicate.
    const eventsBefore = Number((await ctx.dataSource.query(`SELECT count(*) FROM events`))[0].count);
    expect(await applyRange('again', range)).toEqual([
      [{ result: 'duplicate' }],
      [{ result: 'duplicate' }, { result: 'duplicate' }],
      [{ result: 'duplicate' }],
      [{ result: 'rejected', reason: 'unknown task 987654' }],
    ]);
    expect(Number((await ctx.dataSource.query(`SELECT count(*) FROM events`))[0].count)).toBe(eventsBefore);
    expect(await commits('again')).toHaveLength(1);
  });

  it('another writer appending to one task in the middle of the range: the range is decided again, each log applied once', async () => {
    const first = await fundedWithApproval();
    const hot = await fundedWithApproval();
    const last = await fundedWithApproval();
    const hotVersion: number = (await ctx.dataSource.query(`SELECT max(stream_version) AS v FROM events WHERE stream_id = $1`, [`task-${hot.id}`]))[0].v;
    const other = await racingWriter(ctx.databaseUrl);
    let outcomes: unknown;
    try {
      // Another writer's append to the hot task, not yet committed (any event: the task ignores this one).
      await other.append(`task-${hot.id}`, hotVersion + 1, 'ConcurrentNote');
      let done = false;
      const range = applyRange('race', [first, hot, last].map((t) => ({ taskId: t.id, logs: [t.release] })))
        .then((r) => r, (err: unknown) => err)
        .finally(() => (done = true));
      // The range loaded the hot task at the old version and now waits on the other writer's index entry.
      await other.untilAnotherWaits(ctx.dataSource, () => done);
      expect(done).toBe(false);
      await other.commit();
      outcomes = await range;
    } finally {
      await other.end();
    }
    expect(outcomes).toEqual([[{ result: 'applied' }], [{ result: 'applied' }], [{ result: 'applied' }]]);
    const hotEvents = await ctx.dataSource.query(
      `SELECT event_type, stream_version FROM events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
      [`task-${hot.id}`, hotVersion],
    );
    expect(hotEvents).toEqual([{ event_type: 'ConcurrentNote', stream_version: hotVersion + 1 }, { event_type: 'RewardReleased', stream_version: hotVersion + 2 }]);
    for (const t of [first, hot, last]) {
      const released = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE idempotency_key = $1`, [keyOf(t.release)]);
      expect(released).toEqual([{ n: 1 }]);
      expect(await sub(t.s)).toMatchObject({ payout_status: 'released' });
    }
    // The first attempt's write rolled back with its events; the retry's committed once.
    expect(await commits('race')).toEqual([outcomes]);
  });
});
