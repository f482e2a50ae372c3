import request from 'supertest';
import { fundedTaskLike, person, submit } from '../admin/admin.test-kit';
import { DueDecisionScheduler } from '../scheduler/due-decision-scheduler';
import { ResubmitProofCommand } from '../tasks/commands/resubmit-proof.command';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';
import { TaskEvents as T } from '../tasks/domain/task.events';
import { FIXTURE_TASKS, GOOD_THREAD_TEXT } from '../validation/validation-fixtures';
import { startTestApp } from '../../test/test-app';
import { ProjectionRunner } from '../projections/projection-runner';

/** How many sources of due decisions the scheduler found (review deadlines today: spam checks, warnings, …). */
const sourcesOf = (scheduler: DueDecisionScheduler) => (scheduler as unknown as { sources: unknown[] }).sources.length;

const OWN_THREAD_TEXT =
  'My thread on X about CENT Tasks: https://x.com/bob/status/1790000000000000777. It walks through funding a task in ' +
  'one permit transaction, why the releaser key pays and not the creator, how an earner appeals a rejection, and ends ' +
  'with screenshots of my first approved task and a link to the marketplace for anyone who wants to try it.';

/**
 * Issue 22: the spam guard checks a proof when it is sent, not only at its review deadline. On a real PostgreSQL
 * with the scheduler's sources (run by hand: SCHEDULER_POLL_MS=0 in tests), a copy is flagged at once — in the
 * admins' queue with its evidence and its time left, flagged for the creator too — long before its deadline; the
 * original is recorded as checked; running the sources again records nothing more (decided once); a revision is
 * checked anew.
 */
describe('spam check when a proof is sent (real PostgreSQL)', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const events = async (taskId: number) => (await ctx.dataSource.query(
    `SELECT event_type AS type, data FROM events WHERE stream_id = $1 AND event_type IN ($2, $3, $4) ORDER BY global_position`,
    [`task-${taskId}`, T.SubmissionFlaggedForAdmins, T.SubmissionSpamChecked, T.SubmissionAiValidated],
  )) as Array<{ type: string; data: Record<string, any> }>;

  it('flags a copy right away for the admins and the creator, records the original as checked, once; a revision is checked again', async () => {
    const scheduler = ctx.app.get(DueDecisionScheduler);
    const [admin, creator, earner, copier] = [await person(ctx, true), await person(ctx), await person(ctx), await person(ctx)];
    const taskId = await fundedTaskLike(ctx.commands, creator, FIXTURE_TASKS.thread);
    // The scheduler checks each proof within a tick of its arrival: the original before the copy exists.
    const original = await submit(ctx.commands, earner.id, taskId, { proofText: GOOD_THREAD_TEXT });
    await scheduler.runDue();
    const copied = await submit(ctx.commands, copier.id, taskId, { proofText: `${GOOD_THREAD_TEXT} Mine.` });
    await scheduler.runDue();
    const recorded = await events(taskId);
    expect(recorded.map((e) => [e.type, e.data.submissionId])).toEqual([
      [T.SubmissionAiValidated, original], [T.SubmissionSpamChecked, original],
      [T.SubmissionAiValidated, copied], [T.SubmissionFlaggedForAdmins, copied],
    ]);
    const flag = recorded[3].data;
    expect(flag).toMatchObject({ stage: 'submitted', userId: copier.id });
    expect(flag.reason).toMatch(/^duplicate proof/);
    // Flagged long before its review deadline (72 hours by default).
    expect(Date.parse(flag.reviewDeadline) - Date.parse(flag.flaggedAt)).toBeGreaterThan(71 * 3600_000);
    // The stored validation says it was the system's check at submission, with the measured evidence.
    expect(recorded[2].data).toMatchObject({ validatedBy: null, result: { audit: { atSubmission: true, autoApproveRequested: false } } });
    expect(recorded[2].data.result.audit.evidence).toEqual([expect.objectContaining({ code: 'duplicate_text' })]);

    // The admins' queue has it with who sent it, the evidence and the time left until the cut-off.
    const queue = (await request(ctx.http).get('/api/admin/review-queue').set('Cookie', admin.cookie).expect(200)).body;
    const item = queue.items.find((i: { submissionId: number }) => i.submissionId === copied);
    expect(item).toMatchObject({ taskId, userId: copier.id, walletAddress: copier.wallet, reason: flag.reason });
    expect(item.timeLeftSeconds).toBeGreaterThan(0);
    expect(item.evidence).toMatchObject({ flag: flag.reason, validated: true, signals: [{ code: 'duplicate_text', related: [{ submissionId: original, taskId }] }] });
    expect(queue.items.some((i: { submissionId: number }) => i.submissionId === original)).toBe(false);
    // The creator sees the flag and the evidence on the submission before any deadline.
    const asCreator = (await request(ctx.http).get(`/api/submissions/${copied}`).set('Cookie', creator.cookie).expect(200)).body;
    expect(asCreator).toMatchObject({ status: 'pending', reviewFlag: flag.reason, evidence: { flag: flag.reason, validated: true } });

    // Decided once: the sources find nothing more to check.
    await scheduler.runDue();
    expect(await events(taskId)).toHaveLength(4);

    // The creator asks for the earner's own work; the revision is checked anew, found clean, and leaves the queue.
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, copied, 'changes_requested', 'Please send your own thread.'));
    await ctx.commands.execute(new ResubmitProofCommand(copier.id, copied, { proofLink: null, proofText: OWN_THREAD_TEXT, proofFileUrl: null, notes: null }));
    const [row] = await ctx.dataSource.query(`SELECT spam_checked, flagged_reason FROM review_deadlines WHERE submission_id = $1`, [copied]);
    expect(row).toEqual({ spam_checked: false, flagged_reason: null });
    await scheduler.runDue();
    const after = await events(taskId);
    expect(after.slice(4).map((e) => [e.type, e.data.submissionId])).toEqual([[T.SubmissionAiValidated, copied], [T.SubmissionSpamChecked, copied]]);
    const again = (await request(ctx.http).get('/api/admin/review-queue').set('Cookie', admin.cookie).expect(200)).body;
    expect(again.items.some((i: { submissionId: number }) => i.submissionId === copied)).toBe(false);
    await scheduler.runDue();
    expect(await events(taskId)).toHaveLength(6);
  });

  it('a tick waits for the read models once per source, not after each decision, and shows every decision when it ends', async () => {
    const scheduler = ctx.app.get(DueDecisionScheduler);
    const creator = await person(ctx);
    const taskId = await fundedTaskLike(ctx.commands, creator, FIXTURE_TASKS.thread, { maxCompletions: 20 });
    const proofs: number[] = [];
    for (let i = 0; i < 12; i++) proofs.push(await submit(ctx.commands, (await person(ctx)).id, taskId, { proofText: `${OWN_THREAD_TEXT} (${i})` }));
    const waits = jest.spyOn(ctx.app.get(ProjectionRunner), 'waitFor');
    try {
      await scheduler.runDue();
      // One wait per source of due decisions (a wait per decision was a projection batch per decision in a row).
      expect(waits.mock.calls.length).toBeLessThanOrEqual(sourcesOf(scheduler));
    } finally {
      waits.mockRestore();
    }
    const rows: Array<{ spam_checked: boolean }> = await ctx.dataSource.query(
      `SELECT spam_checked FROM review_deadlines WHERE submission_id = ANY($1)`, [proofs]);
    expect(rows.map((r) => r.spam_checked)).toEqual(proofs.map(() => true));
  });
});
