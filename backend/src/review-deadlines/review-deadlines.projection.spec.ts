import { EventStore } from '../event-store/event-store';
import { SubmitProofCommand } from '../tasks/commands/submit-proof.command';
import { TaskEvents as T } from '../tasks/domain/task.events';
import { createFundedTask, registerWalletUser } from '../../test/fixtures';
import { TestContext, startTestDomain } from '../../test/test-app';

/**
 * The review-deadlines read model on a real PostgreSQL: a submission's recorded deadline, the deadline derived
 * by the aggregate's rule for a submission stored before deadlines existed (no reviewDeadline in its event),
 * and a rebuild from position 0 that yields exactly the same rows.
 */
describe('review-deadlines projection', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestDomain();
  });
  afterAll(() => ctx?.close());

  const rows = () => ctx.dataSource.query(
    `SELECT submission_id, task_id, review_deadline, warn_at, status, flagged_reason FROM review_deadlines ORDER BY submission_id`);

  it('records each deadline (recorded or derived for older events) and rebuilds into the same rows', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator, { reviewWithinSeconds: 5 * 3600 } as never);
    const earner = await registerWalletUser(ctx.commands);
    const id: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null }));
    // A submission as an older version recorded it: no reviewDeadline in the event.
    const older = await registerWalletUser(ctx.commands);
    const store = ctx.app.get(EventStore);
    const [{ v }] = await ctx.dataSource.query(`SELECT max(stream_version)::int AS v FROM events WHERE stream_id = $1`, [`task-${taskId}`]);
    const createdAt = '2026-12-01T10:00:00.000Z';
    const appended = await store.append(`task-${taskId}`, v, [{ type: T.SubmissionSubmitted, data: {
      submissionId: 900_001, taskId, userId: older.id, proofLink: null, proofText: 'old', proofFileUrl: null, notes: null, createdAt,
    } }]);
    await ctx.projections.waitFor(appended.checkpoint);

    const live = await rows();
    const [sub] = await ctx.dataSource.query(`SELECT created_at FROM submissions WHERE id = $1`, [id]);
    expect(live).toHaveLength(2);
    expect(new Date(live[0].review_deadline).getTime()).toBe(Math.floor(new Date(sub.created_at).getTime() / 1000) * 1000 + 5 * 3600_000);
    // Halfway through a window shorter than a day (the deadline is in whole seconds, the submission time is not).
    const warnBefore = new Date(live[0].review_deadline).getTime() - new Date(live[0].warn_at).getTime();
    expect(warnBefore).toBeGreaterThan(2.5 * 3600_000 - 1000);
    expect(warnBefore).toBeLessThanOrEqual(2.5 * 3600_000);
    expect(new Date(live[1].review_deadline).toISOString()).toBe('2026-12-01T15:00:00.000Z'); // the upcaster: createdAt + the task's 5 hours
    expect(live.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);

    await ctx.projections.rebuild();
    expect(await rows()).toEqual(live);
  });
});
