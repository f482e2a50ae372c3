import { QueryRunner } from 'typeorm';
import { createFundedTask, registerWalletUser } from '../../test/fixtures';
import { TestContext, startTestDomain } from '../../test/test-app';
import { StoredEvent } from '../event-store/stored-event';
import { Row } from '../projections/row-projection';
import { SubmitProofCommand } from '../tasks/commands/submit-proof.command';
import { TaskEvents as T } from '../tasks/domain/task.events';
import { SubmissionsProjection } from './submissions.projection';

/** The same projection reading and folding every row whole (a `changed` hook turns patches off): what the patched writes must equal. */
class WholeRows extends SubmissionsProjection {
  protected override async changed(): Promise<void> {}
}

/**
 * A batch the projection applies with no row in memory (a backfill, or another process applied the rows):
 * rows whose events only set columns are written by one UPDATE, never read; the others are read and folded.
 */
describe('submissions projection: rows it has not in memory', () => {
  let ctx: TestContext;
  let ids: number[];
  let taskId: number;
  beforeAll(async () => {
    ctx = await startTestDomain();
    const creator = await registerWalletUser(ctx.commands);
    taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 5 });
    ids = [];
    for (let i = 0; i < 3; i++) {
      const earner = await registerWalletUser(ctx.commands);
      ids.push(await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, { proofLink: null, proofText: `proof ${i}`, proofFileUrl: null, notes: null })));
    }
  });
  afterAll(() => ctx.close());

  let position = 10_000_000n;
  const event = (type: string, data: Record<string, unknown>): StoredEvent => ({
    globalPosition: ++position, transactionId: 1n, streamId: `task-${taskId}`, streamVersion: Number(position), type, data: { taskId, ...data },
    metadata: {}, createdAt: new Date(Date.UTC(2026, 10, 29, 12, 0, Number(position % 60n))),
  });

  /** Applies `events` with `projection` in a transaction it rolls back; the rows after, and what it read of `submissions`. */
  async function applied(projection: SubmissionsProjection, events: StoredEvent[]) {
    const qr = ctx.dataSource.createQueryRunner();
    await qr.connect();
    await qr.startTransaction();
    const fetched: number[][] = [];
    const recording = new Proxy(qr, {
      get(target, p) {
        if (p !== 'query') return Reflect.get(target, p);
        return (sql: string, params?: unknown[]) => {
          if (/^SELECT \* FROM submissions/.test(sql)) fetched.push((params![0] as number[]).slice().sort((x, y) => x - y));
          return target.query(sql, params);
        };
      },
    }) as QueryRunner;
    const writes: Array<[string, unknown[] | undefined]> = [];
    try {
      await projection.apply(events, recording, { afterCommit: () => undefined, write: (sql, params) => void writes.push([sql, params]) });
      for (const [sql, params] of writes) await qr.query(sql, params);
      const rows = await qr.query(`SELECT * FROM submissions WHERE task_id = $1 OR id >= 999998 ORDER BY id`, [taskId]);
      return { rows, fetched };
    } finally {
      await qr.rollbackTransaction();
      await qr.release();
    }
  }

  it('sets the columns of rows whose events are all patches without reading them; folds whole the rows an event depends on; equal to folding every row', async () => {
    const [s1, s2, s3] = ids;
    const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    const events = [
      // s1: approved, requested, released: patches only.
      event(T.SubmissionApproved, { submissionId: s1, userId: 1, reviewerId: 1, feedback: 'good', reward: 5, reviewedAt: '2026-11-29T11:00:00.000Z' }),
      event(T.PayoutRequested, { submissionId: s1, userId: 1, recipient: '0x' + '22'.repeat(20), amount: '5', requestedBy: 1 }),
      event(T.RewardReleased, { submissionId: s1, userId: 1, txHash: tx(1), blockNumber: 2 ** 53 - 1, logIndex: 0, amount: '5', reward: 5 }),
      // s2: released, then a late "sent" that must not undo it: the row decides, so it is read.
      event(T.SubmissionApproved, { submissionId: s2, userId: 2, reviewerId: 1, feedback: null, reward: 5, reviewedAt: '2026-11-29T11:01:00.000Z' }),
      event(T.RewardReleased, { submissionId: s2, userId: 2, txHash: tx(2), blockNumber: 3, logIndex: 1, amount: '5', reward: 5 }),
      event(T.PayoutSent, { submissionId: s2, txHash: tx(3) }),
      // s3: a failure first (depends on the row), then patches.
      event(T.PayoutFailed, { submissionId: s3, reason: 'no wallet', permanent: false }),
      event(T.SubmissionAiValidated, { submissionId: s3, result: { score: 0.5, reasons: ['a "quoted" reason', 'back\\slash'] } }),
      // A payout of a submission with no row: no row is made (as the fold leaves it); nor is an approval with a
      // date no column takes (escrow-poison.spec's event), which must not fail the batch.
      event(T.RewardReleased, { submissionId: 999999, userId: 9, txHash: tx(4), blockNumber: 4, logIndex: 0, amount: '5', reward: 5 }),
      event(T.SubmissionApproved, { submissionId: 999998, userId: 9, reviewerId: 1, feedback: null, reward: 5, reviewedAt: '' }),
    ];
    const patched = await applied(new SubmissionsProjection(), events);
    const whole = await applied(new WholeRows(), events);
    expect(patched.fetched).toEqual([[s2, s3]]);
    expect(whole.fetched).toEqual([[s1, s2, s3, 999998, 999999]]);
    expect(patched.rows).toEqual(whole.rows);
    expect(patched.rows.map((r: Row) => [r.id, r.status, r.payout_status, r.payout_tx_hash])).toEqual([
      [s1, 'approved', 'released', tx(1)],
      [s2, 'approved', 'released', tx(2)],
      [s3, 'pending', 'failed', null],
    ]);
    expect(patched.rows[0]).toMatchObject({ payout_block_number: String(2 ** 53 - 1), review_notes: 'good', payout_recipient: '0x' + '22'.repeat(20) });
    expect(patched.rows[2].ai_validation).toEqual({ score: 0.5, reasons: ['a "quoted" reason', 'back\\slash'] });
  });
});
