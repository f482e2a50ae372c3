import request from 'supertest';
import { actor, Actor } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';
import { APPEAL_MESSAGES } from '../tasks/domain/task-appeals';
import { REVISION_MESSAGES } from '../tasks/domain/task.messages';

/**
 * Revise and resubmit and appeals over HTTP on a real database (issue 22): who may do what (only the
 * submitter resubmits and appeals, only admins decide appeals and never the task's creator), the submission
 * JSON (revision history, resubmitBy, appealUntil, slotFree, appeal), the admins' queue, the payout request
 * of an overturned appeal, the task's slot counters, and the notifications of every new state.
 */
describe('revisions and appeals API', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const as = (who: Actor) => ({
    get: (url: string) => request(ctx.http).get(url).set('Cookie', who.cookie),
    post: (url: string, body: object) => request(ctx.http).post(url).set('Cookie', who.cookie).send(body),
    patch: (url: string, body: object) => request(ctx.http).patch(url).set('Cookie', who.cookie).send(body),
  });
  const submit = async (who: Actor, taskId: number, proofText = 'my thread') =>
    (await as(who).post('/api/submissions', { taskId, proofText, proofLink: null, proofFileUrl: null, notes: null }).expect(201)).body.id as number;
  const kinds = async (who: Actor) =>
    ((await as(who).get('/api/notifications').expect(200)).body.items as Array<{ kind: string; detail: Record<string, unknown> }>);

  it('request changes → resubmit → approve: only the reviewer asks, only the submitter resubmits; the history is kept', async () => {
    const [creator, earner, other, admin] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text', maxCompletions: 1, title: 'Write a thread' });
    const id = await submit(earner, taskId, 'first draft');

    // Feedback is required; the earner and strangers cannot ask for changes.
    expect((await as(creator).patch(`/api/submissions/${id}`, { status: 'changes_requested' }).expect(400)).body.message).toBe(REVISION_MESSAGES.feedbackRequired);
    await as(earner).patch(`/api/submissions/${id}`, { status: 'changes_requested', feedback: 'x' }).expect(403);
    await as(other).patch(`/api/submissions/${id}`, { status: 'changes_requested', feedback: 'x' }).expect(403);
    const asked = (await as(creator).patch(`/api/submissions/${id}`, { status: 'changes_requested', feedback: 'Add the link' }).expect(200)).body;
    expect(asked).toMatchObject({ status: 'changes_requested', reviewNotes: 'Add the link', reviewedBy: creator.id, appeal: null, appealUntil: null, slotFree: false });
    expect(Date.parse(asked.resubmitBy) - Date.parse(asked.reviewedAt)).toBe(48 * 3600_000);
    // The slot is held.
    expect((await as(other).post('/api/submissions', { taskId, proofText: 'me too' }).expect(409)).body.message)
      .toBe('This task has reached its maximum of 1 submissions.');
    expect((await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200)).body).toMatchObject({ pendingSubmissions: 1, completions: 0 });

    // Only the submitter resubmits, with the proof rules of a submission.
    expect((await as(other).post(`/api/submissions/${id}/revisions`, { proofText: 'mine' }).expect(403)).body.message).toBe(REVISION_MESSAGES.notYours);
    await as(creator).post(`/api/submissions/${id}/revisions`, { proofText: 'mine' }).expect(403);
    await as(admin).post(`/api/submissions/${id}/revisions`, { proofText: 'mine' }).expect(403);
    expect((await as(earner).post(`/api/submissions/${id}/revisions`, { proofText: '' }).expect(400)).body.message).toBe('Please provide proof text');
    await request(ctx.http).post(`/api/submissions/${id}/revisions`).send({ proofText: 'x' }).expect(401);
    const revised = (await as(earner).post(`/api/submissions/${id}/revisions`, { proofText: 'second draft https://x.com/a/1', notes: 'added the link' }).expect(201)).body;
    expect(revised).toMatchObject({ status: 'pending', proofText: 'second draft https://x.com/a/1', notes: 'added the link', resubmitBy: null });
    expect(Date.parse(revised.reviewDeadline)).toBeGreaterThan(Date.parse(asked.resubmitBy) - 48 * 3600_000 + 72 * 3600_000 - 5000);
    expect(revised.revisions).toEqual([{
      round: 1, feedback: 'Add the link', requestedBy: creator.id, requestedAt: expect.any(String), resubmitBy: asked.resubmitBy,
      previous: { proofLink: null, proofText: 'first draft', proofFileUrl: null, notes: null },
      proof: { proofLink: null, proofText: 'second draft https://x.com/a/1', proofFileUrl: null, notes: 'added the link' },
      changed: ['proofText', 'notes'], resubmittedAt: expect.any(String),
    }]);
    // A second resubmission without a new request is refused.
    expect((await as(earner).post(`/api/submissions/${id}/revisions`, { proofText: 'third' }).expect(409)).body.message).toBe(REVISION_MESSAGES.notRequested('pending'));

    await as(creator).patch(`/api/submissions/${id}`, { status: 'approved' }).expect(200);
    const seen = (await as(earner).get(`/api/submissions/${id}`).expect(200)).body;
    expect(seen).toMatchObject({ status: 'approved', payoutStatus: 'requested' });
    expect(seen.revisions).toHaveLength(1);
    expect((await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200)).body).toMatchObject({ pendingSubmissions: 0, completions: 1 });

    expect((await kinds(earner)).map((n) => n.kind)).toEqual(['submission_approved', 'changes_requested']);
    expect((await kinds(earner))[1].detail).toMatchObject({ feedback: 'Add the link' });
    expect((await kinds(creator)).map((n) => n.kind).slice(0, 2)).toEqual(['submission_resubmitted', 'submission_received']);
  });

  it('reject → appeal → the admins decide (never the creator); overturned is approved and its payout requested', async () => {
    const [creator, earner, other, admin] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
    const creatorAdmin = await actor(ctx, { admin: true });
    const taskId = await createFundedTask(ctx.commands, creatorAdmin, { submissionType: 'text', maxCompletions: 2, title: 'Review the app' });
    const id = await submit(earner, taskId);
    await as(creatorAdmin).patch(`/api/submissions/${id}`, { status: 'rejected', feedback: 'No screenshot' }).expect(200);

    const before = (await as(earner).get(`/api/submissions/${id}`).expect(200)).body;
    expect(before).toMatchObject({ status: 'rejected', slotFree: true, appeal: null });
    expect(Date.parse(before.appealUntil) - Date.parse(before.reviewedAt)).toBe(72 * 3600_000);

    expect((await as(other).post(`/api/submissions/${id}/appeal`, { message: 'x' }).expect(403)).body.message).toBe(APPEAL_MESSAGES.notYours);
    await as(creator).post(`/api/submissions/${id}/appeal`, { message: 'x' }).expect(403);
    expect((await as(earner).post(`/api/submissions/${id}/appeal`, {}).expect(400)).body.message).toBe(APPEAL_MESSAGES.messageRequired);
    const appealed = (await as(earner).post(`/api/submissions/${id}/appeal`, { message: 'The screenshot is the second link' }).expect(201)).body;
    expect(appealed).toMatchObject({
      status: 'appealed', appealUntil: null, reviewNotes: 'No screenshot',
      appeal: { status: 'open', message: 'The screenshot is the second link', reason: null, decidedAt: null, decidedBySystem: false },
    });
    expect((await as(earner).post(`/api/submissions/${id}/appeal`, { message: 'again' }).expect(409)).body.message).toBe(APPEAL_MESSAGES.once);
    expect((await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200)).body).toMatchObject({ pendingSubmissions: 1 });

    // The queue: admins only, with the time left.
    await as(earner).get('/api/admin/appeals').expect(403);
    await as(creator).get('/api/admin/appeals').expect(403);
    const queue = (await as(admin).get('/api/admin/appeals').expect(200)).body;
    const item = queue.items.find((i: { submissionId: number }) => i.submissionId === id);
    expect(item).toMatchObject({ taskId, taskTitle: 'Review the app', userId: earner.id, message: 'The screenshot is the second link', rejection: 'No screenshot' });
    expect(item.timeLeftSeconds).toBe(Math.floor((Date.parse(item.decideBy) - Date.parse(queue.now)) / 1000));

    // Never the creator (even an admin one), never the earner, never a non-admin.
    await as(earner).post(`/api/admin/appeals/${id}`, { decision: 'overturned' }).expect(403);
    expect((await as(creatorAdmin).post(`/api/admin/appeals/${id}`, { decision: 'overturned' }).expect(403)).body.message).toBe(APPEAL_MESSAGES.notImpartial);
    expect((await as(admin).post(`/api/admin/appeals/${id}`, { decision: 'maybe' }).expect(400)).body.message).toBe("Decision must be 'upheld' or 'overturned'");
    const decided = (await as(admin).post(`/api/admin/appeals/${id}`, { decision: 'overturned', reason: 'The screenshot is there' }).expect(200)).body;
    expect(decided).toMatchObject({
      status: 'approved', reviewedBy: admin.id, reviewNotes: 'The screenshot is there', payoutStatus: 'requested',
      appeal: { status: 'overturned', reason: 'The screenshot is there', decidedBySystem: false },
    });
    expect((await as(admin).get('/api/admin/appeals').expect(200)).body.items.some((i: { submissionId: number }) => i.submissionId === id)).toBe(false);
    expect((await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200)).body).toMatchObject({ pendingSubmissions: 0, completions: 1 });
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND event_type = 'PayoutRequested'`, [`task-${taskId}`]);
    expect(n).toBe(1);

    // The earner hears of the appeal and its outcome (not a second "approved"); the creator of the overturn.
    expect((await kinds(earner)).map((n) => n.kind)).toEqual(['appeal_overturned', 'appeal_filed', 'submission_rejected']);
    expect((await kinds(creatorAdmin)).map((n) => n.kind)[0]).toBe('appeal_overturned');
    // Every admin hears of the appeal to decide (the Appeals tab), the creator-admin too.
    for (const who of [admin, creatorAdmin]) {
      expect((await kinds(who)).find((n) => n.kind === 'appeal_to_decide')).toMatchObject({ kind: 'appeal_to_decide' });
    }
    expect((await kinds(earner)).some((n) => n.kind === 'appeal_to_decide')).toBe(false);
  });

  it('upheld: stays rejected with the reason; no slot free means no appeal', async () => {
    const [creator, earner, second, admin] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text', maxCompletions: 1 });
    const id = await submit(earner, taskId);
    await as(creator).patch(`/api/submissions/${id}`, { status: 'rejected', feedback: 'Off topic' }).expect(200);
    await as(earner).post(`/api/submissions/${id}/appeal`, { message: 'It is on topic' }).expect(201);
    expect((await as(admin).post(`/api/admin/appeals/${id}`, { decision: 'upheld' }).expect(400)).body.message).toBe(APPEAL_MESSAGES.reasonRequired);
    const upheld = (await as(admin).post(`/api/admin/appeals/${id}`, { decision: 'upheld', reason: 'It is about another product' }).expect(200)).body;
    expect(upheld).toMatchObject({
      status: 'rejected', reviewNotes: 'It is about another product', reviewedBy: admin.id, appealUntil: null,
      appeal: { status: 'upheld', reason: 'It is about another product' },
    });
    expect((await kinds(earner)).map((n) => n.kind)[0]).toBe('appeal_upheld');

    // The freed slot goes to someone else; a rejection there cannot be appealed while no slot is free.
    const third = await actor(ctx);
    const s2 = await submit(second, taskId);
    await as(creator).patch(`/api/submissions/${s2}`, { status: 'rejected', feedback: 'no' }).expect(200);
    const s3 = await submit(third, taskId);
    const view = (await as(second).get(`/api/submissions/${s2}`).expect(200)).body;
    expect(view).toMatchObject({ slotFree: false });
    expect(view.appealUntil).not.toBeNull();
    expect((await as(second).post(`/api/submissions/${s2}/appeal`, { message: 'please' }).expect(409)).body.message).toBe(APPEAL_MESSAGES.noSlot(1));
    expect(s3).toBeGreaterThan(s2);
  });
});
