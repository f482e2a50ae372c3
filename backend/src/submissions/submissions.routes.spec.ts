import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { applyLogs, createFundedTask, releasedLog } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';
import { centToBaseUnits } from '../common/money';
import { RecordPayoutFailedCommand } from '../tasks/commands/record-payout-failed.command';

const SUBMISSION_KEYS = [
  'aiValidated', 'createdAt', 'id', 'notes', 'payoutError', 'payoutStatus', 'proofFileUrl', 'proofLink', 'proofText',
  'reviewNotes', 'reviewedAt', 'reviewedBy', 'status', 'task', 'reviewDeadline', 'reviewFlag', 'reviewedBySystem', 'taskId',
  // Issue 22, revise and resubmit, appeals:
  'resubmitBy', 'appeal', 'appealUntil', 'slotFree', 'transactionHash', 'updatedAt', 'userId',
].sort();

describe('submissions, review, payouts, dashboard and leaderboard API', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const submit = (cookie: string, payload: Record<string, unknown>) =>
    request(ctx.http).post('/api/submissions').set('Cookie', cookie).send(payload);

  it('POST /api/submissions records a pending submission for the signed-in user (never the body\'s userId)', async () => {
    const [creator, earner] = [await actor(ctx), await actor(ctx)];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'link', title: 'Star the repo', reward: 70 });
    const res = await submit(earner.cookie, {
      taskId, userId: creator.id, proofLink: 'https://github.com/me/star', proofText: null, proofFileUrl: null, notes: 'done',
    }).expect(201);
    expect(Object.keys(res.body).sort()).toEqual(SUBMISSION_KEYS);
    expect(res.body).toEqual({
      id: expect.any(Number),
      taskId,
      userId: earner.id,
      proofLink: 'https://github.com/me/star',
      proofText: null,
      proofFileUrl: null,
      notes: 'done',
      status: 'pending',
      reviewedBy: null,
      reviewNotes: null,
      reviewedAt: null,
      transactionHash: null,
      aiValidated: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      payoutStatus: null,
      payoutError: null,
      // Issue 22: submittedAt + the task's 72 hours (whole seconds), not flagged, not decided by the system.
      reviewDeadline: new Date(Math.floor(Date.parse(res.body.createdAt) / 1000) * 1000 + 72 * 3600_000).toISOString(),
      reviewFlag: null,
      reviewedBySystem: false,
      // Issue 22: no revision asked, nothing to appeal; the task has slots left.
      resubmitBy: null,
      appeal: null,
      appealUntil: null,
      slotFree: true,
      task: { id: taskId, title: 'Star the repo', category: 'Content', reward: 70, creatorId: creator.id },
    });
    const task = await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200);
    expect(task.body).toMatchObject({ totalSubmissions: 1, pendingSubmissions: 1, completions: 0 });
  });

  it.each([
    ['link', { proofLink: null }, 400, 'Missing link: Please provide a valid URL as proof'],
    ['link', { proofLink: 'javascript:alert(1)' }, 400, 'Please enter a valid URL'],
    ['text', { proofText: null }, 400, 'Missing text proof: Please provide text description as proof'],
    ['text', { proofText: '   ' }, 400, 'Please provide proof text'],
    ['file', { proofFileUrl: null }, 400, 'Missing file: Please upload a file as proof'],
  ] as const)('refuses a %s proof %j with %i "%s"', async (type, proof, status, message) => {
    const [creator, earner] = [await actor(ctx), await actor(ctx)];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: type });
    const res = await submit(earner.cookie, { taskId, proofLink: null, proofText: null, proofFileUrl: null, notes: null, ...proof });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('refuses: signed out 401, bad taskId 400, hidden or missing task 404, own task 403, twice 409, full 409', async () => {
    const [creator, a, b, c] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx)];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text', maxCompletions: 2 });
    const proof = { proofText: 'proof', proofLink: null, proofFileUrl: null, notes: null };
    await request(ctx.http).post('/api/submissions').send({ taskId, ...proof }).expect(401, { message: 'Not authenticated' });
    expect((await submit(a.cookie, { taskId: 'x', ...proof }).expect(400)).body.message).toBe('taskId must be a number');
    await submit(a.cookie, { taskId: 999999, ...proof }).expect(404, { message: 'Task not found' });
    const draft = await createFundedTask(ctx.commands, creator, { isActive: false });
    await submit(a.cookie, { taskId: draft, ...proof }).expect(404, { message: 'Task not found' });
    await submit(creator.cookie, { taskId, ...proof }).expect(403, { message: 'You cannot submit proof on your own task' });
    await submit(a.cookie, { taskId, ...proof }).expect(201);
    await submit(a.cookie, { taskId, ...proof }).expect(409, { message: 'You have already submitted proof for this task' });
    await submit(b.cookie, { taskId, ...proof }).expect(201);
    await submit(c.cookie, { taskId, ...proof }).expect(409, { message: 'This task has reached its maximum of 2 submissions.' });
  });

  it('GET /api/submissions/:id: submitter, task creator and admin read it; others 403; missing 404', async () => {
    const [creator, earner, other, admin] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
    const taskId = await createFundedTask(ctx.commands, creator);
    const { body: s } = await submit(earner.cookie, { taskId, proofText: 'p', proofLink: null, proofFileUrl: null, notes: null }).expect(201);
    // Issue 22: the single view also carries the revision history (none yet).
    expect((await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', earner.cookie).expect(200)).body).toEqual({ ...s, revisions: [] });
    // Issue 22: the reviewers (creator, admins) also see who submitted (creator-records.routes.spec.ts).
    const submitter = expect.objectContaining({ id: earner.id, walletAddress: earner.wallet });
    // ... and the validator's evidence (not validated yet: no signals, no flag; review-evidence.spec.ts has the rest).
    const evidence = { validated: false, flag: null, highRisk: false, qualityScore: null, riskLevel: null, confidence: null, signals: [] };
    expect((await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', creator.cookie).expect(200)).body).toEqual({ ...s, revisions: [], submitter, evidence });
    // Admins also get the stored AI validation (none yet): submission-ai-validation.spec.ts.
    const asAdmin = await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', admin.cookie).expect(200);
    expect(asAdmin.body).toEqual({ ...s, revisions: [], submitter, evidence, aiValidation: null });
    await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', other.cookie).expect(403, {
      message: 'You can only view your own submissions and those on tasks you created',
    });
    await request(ctx.http).get(`/api/submissions/${s.id}`).expect(401);
    await request(ctx.http).get('/api/submissions/999999').set('Cookie', admin.cookie).expect(404, { message: 'Submission not found' });
  });

  it('PATCH /api/submissions/:id approves (requesting the payout) and rejects (feedback required); decisions are final', async () => {
    const [creator, e1, e2, other, admin] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
    const taskId = await createFundedTask(ctx.commands, creator, { reward: 40 });
    const proof = { proofText: 'p', proofLink: null, proofFileUrl: null, notes: null };
    const s1 = (await submit(e1.cookie, { taskId, ...proof }).expect(201)).body;
    const s2 = (await submit(e2.cookie, { taskId, ...proof }).expect(201)).body;
    const patch = (id: number, cookie: string | null, payload: Record<string, unknown>) => {
      const r = request(ctx.http).patch(`/api/submissions/${id}`);
      return (cookie ? r.set('Cookie', cookie) : r).send(payload);
    };

    await patch(s1.id, null, { status: 'approved' }).expect(401);
    expect((await patch(s1.id, creator.cookie, { status: 'done' }).expect(400)).body.message).toBe("Status must be 'approved', 'rejected' or 'changes_requested'");
    await patch(s1.id, other.cookie, { status: 'approved' }).expect(403, { message: "Only the task's creator or an admin can review this submission" });
    await patch(s1.id, e1.cookie, { status: 'approved' }).expect(403);
    await patch(999999, creator.cookie, { status: 'approved' }).expect(404, { message: 'Submission not found' });
    await patch(s2.id, creator.cookie, { status: 'rejected', feedback: '  ' }).expect(400, {
      message: 'Feedback required: Please provide feedback explaining why this submission is being rejected.',
    });

    const approved = await patch(s1.id, creator.cookie, { status: 'approved', feedback: 'Great work' }).expect(200);
    expect(approved.body).toMatchObject({
      id: s1.id, status: 'approved', reviewedBy: creator.id, reviewNotes: 'Great work', reviewedAt: expect.any(String),
      payoutStatus: 'requested', payoutError: null, transactionHash: null,
    });
    const rejected = await patch(s2.id, admin.cookie, { status: 'rejected', feedback: 'No proof' }).expect(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reviewedBy: admin.id, reviewNotes: 'No proof', payoutStatus: null });
    await patch(s1.id, creator.cookie, { status: 'rejected', feedback: 'x' }).expect(409, { message: 'This submission has already been approved' });
    await patch(s2.id, admin.cookie, { status: 'approved' }).expect(409, { message: 'This submission has already been rejected' });

    const task = await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200);
    expect(task.body).toMatchObject({ completions: 1, totalSubmissions: 2, pendingSubmissions: 0 });
  });

  it('an admin cannot approve their own submission', async () => {
    const [creator, admin] = [await actor(ctx), await actor(ctx, { admin: true })];
    const taskId = await createFundedTask(ctx.commands, creator);
    const s = (await submit(admin.cookie, { taskId, proofText: 'p', proofLink: null, proofFileUrl: null, notes: null }).expect(201)).body;
    await request(ctx.http).patch(`/api/submissions/${s.id}`).set('Cookie', admin.cookie).send({ status: 'approved' })
      .expect(403, { message: 'You cannot review your own submission' });
  });

  it('POST /api/blockchain/release-reward requests the payout once; a failed payout is requested again', async () => {
    const [creator, earner, other, admin] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
    const taskId = await createFundedTask(ctx.commands, creator);
    const s = (await submit(earner.cookie, { taskId, proofText: 'p', proofLink: null, proofFileUrl: null, notes: null }).expect(201)).body;
    const release = (cookie: string | null, payload: Record<string, unknown>) => {
      const r = request(ctx.http).post('/api/blockchain/release-reward');
      return (cookie ? r.set('Cookie', cookie) : r).send(payload);
    };
    await release(null, { taskId, recipientId: earner.id }).expect(401);
    await release(creator.cookie, { taskId, recipientId: earner.id }).expect(409, { message: 'Only an approved submission can be paid' });
    await release(creator.cookie, { taskId, recipientId: other.id }).expect(404, { message: 'Submission not found' });
    await release(creator.cookie, { taskId: 999999, recipientId: earner.id }).expect(404, { message: 'Task not found' });
    expect((await release(creator.cookie, { taskId, recipientId: 'me' }).expect(400)).body.message).toBe('recipientId must be a number');

    await request(ctx.http).patch(`/api/submissions/${s.id}`).set('Cookie', creator.cookie).send({ status: 'approved' }).expect(200);
    await release(other.cookie, { taskId, recipientId: earner.id }).expect(403, { message: "Only the task's creator, an admin or the earner can release this reward" });
    // The earner may ask for their own payout (issue 19 item 4): idempotent, nothing new while it is requested.
    expect((await release(earner.cookie, { taskId, recipientId: earner.id }).expect(200)).body.requested).toBe(false);
    const again = await release(creator.cookie, { taskId, recipientId: earner.id }).expect(200);
    expect(again.body).toEqual({ success: true, requested: false, submission: expect.objectContaining({ id: s.id, payoutStatus: 'requested' }) });
    await release(admin.cookie, { taskId, recipientId: earner.id }).expect(200);
    const requests = await ctx.dataSource.query(
      `SELECT count(*)::int AS n FROM events WHERE event_type = 'PayoutRequested' AND (data->>'submissionId')::int = $1`, [s.id]);
    expect(requests[0].n).toBe(1);

    await ctx.commands.execute(new RecordPayoutFailedCommand(taskId, [s.id], 'rpc down', false));
    const retried = await release(admin.cookie, { taskId, recipientId: earner.id }).expect(200);
    expect(retried.body).toMatchObject({ success: true, requested: true, submission: { payoutStatus: 'requested', payoutError: null } });
  });

  it('GET /api/submissions/user, GET /api/dashboard and GET /api/leaderboard', async () => {
    const [creator, earner, idle] = [await actor(ctx), await actor(ctx, { username: 'earner_one' }), await actor(ctx)];
    const t1 = await createFundedTask(ctx.commands, creator, { title: 'First', reward: 30 });
    const t2 = await createFundedTask(ctx.commands, creator, { title: 'Second', reward: 80 });
    const unfunded = (await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send({
      title: 'Draft', description: 'd', requirements: 'r', category: 'Other', submissionType: 'text', reward: 5,
      maxCompletions: 1, estimatedTime: 5, deadline: new Date(Date.now() + 86400000).toISOString(), isActive: false,
    }).expect(201)).body;
    const proof = { proofText: 'p', proofLink: null, proofFileUrl: null, notes: null };
    const s1 = (await submit(earner.cookie, { taskId: t1, ...proof }).expect(201)).body;
    const s2 = (await submit(earner.cookie, { taskId: t2, ...proof }).expect(201)).body;

    await request(ctx.http).get('/api/submissions/user').expect(401);
    const mine = await request(ctx.http).get('/api/submissions/user').set('Cookie', earner.cookie).expect(200);
    expect(mine.body.map((s: { id: number }) => s.id)).toEqual([s2.id, s1.id]);
    expect(mine.body[0].task).toEqual({ id: t2, title: 'Second', category: 'Content', reward: 80, creatorId: creator.id });
    await request(ctx.http).get('/api/submissions/user').set('Cookie', idle.cookie).expect(200, []);

    await request(ctx.http).get('/api/dashboard').expect(401);
    const dash = await request(ctx.http).get('/api/dashboard').set('Cookie', creator.cookie).expect(200);
    expect(dash.body.submissions).toEqual([]);
    expect(dash.body.createdTasks.map((t: { id: number }) => t.id)).toEqual([unfunded.id, t2, t1]);
    expect(dash.body.createdTasks[0]).toMatchObject({ fundingStatus: 'awaiting_funding', isActive: false, submissions: [] });
    expect(dash.body.createdTasks[1].submissions).toEqual([expect.objectContaining({ id: s2.id, userId: earner.id, status: 'pending' })]);
    const earnerDash = await request(ctx.http).get('/api/dashboard').set('Cookie', earner.cookie).expect(200);
    expect(earnerDash.body).toEqual({ submissions: mine.body, createdTasks: [] });

    // Earnings count once the reward left the escrow on chain.
    for (const s of [s1, s2]) {
      await request(ctx.http).patch(`/api/submissions/${s.id}`).set('Cookie', creator.cookie).send({ status: 'approved' }).expect(200);
    }
    await applyLogs(ctx.commands, t1, releasedLog(t1, s1.id, earner.wallet, centToBaseUnits(30)));
    await applyLogs(ctx.commands, t2, releasedLog(t2, s2.id, earner.wallet, centToBaseUnits(80)));
    const board = await request(ctx.http).get('/api/leaderboard').expect(200);
    const entry = board.body.find((e: { userId: number }) => e.userId === earner.id);
    expect(entry).toEqual({ userId: earner.id, username: 'earner_one', walletAddress: earner.wallet, totalEarned: 110, completedTasks: 2 });
    expect(board.body.every((e: { completedTasks: number }) => e.completedTasks > 0)).toBe(true);
    const paid = await request(ctx.http).get(`/api/submissions/${s1.id}`).set('Cookie', earner.cookie).expect(200);
    expect(paid.body).toMatchObject({ payoutStatus: 'released', transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  });

  it('ranks the leaderboard by totalEarned, then completedTasks, then userId (or by completedTasks with sort=completed)', async () => {
    const fresh = await startTestApp();
    try {
      const creator = await actor(fresh);
      const users = [await actor(fresh), await actor(fresh), await actor(fresh)];
      // users[0]: 100 in 1 task; users[1]: 100 in 2 tasks; users[2]: 60 in 3 tasks
      const plan: Array<[number, number[]]> = [[0, [100]], [1, [50, 50]], [2, [20, 20, 20]]];
      for (const [u, rewards] of plan) {
        for (const reward of rewards) {
          const taskId = await createFundedTask(fresh.commands, creator, { reward });
          const s = (await request(fresh.http).post('/api/submissions').set('Cookie', users[u].cookie)
            .send({ taskId, proofText: 'p' }).expect(201)).body;
          await request(fresh.http).patch(`/api/submissions/${s.id}`).set('Cookie', creator.cookie).send({ status: 'approved' }).expect(200);
          await applyLogs(fresh.commands, taskId, releasedLog(taskId, s.id, users[u].wallet, centToBaseUnits(reward)));
        }
      }
      const ids = (r: request.Response) => r.body.map((e: { userId: number }) => e.userId);
      expect(ids(await request(fresh.http).get('/api/leaderboard').expect(200))).toEqual([users[1].id, users[0].id, users[2].id]);
      expect(ids(await request(fresh.http).get('/api/leaderboard?sort=completed').expect(200))).toEqual([users[2].id, users[1].id, users[0].id]);
      await request(fresh.http).get('/api/leaderboard?sort=rich').expect(400);
    } finally {
      await fresh.app.close();
    }
  });

  it('round-trips <script> and javascript: text in proofs and feedback as data', async () => {
    const [creator, earner] = [await actor(ctx), await actor(ctx)];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'mixed' });
    const evil = { proofText: '<script>alert(1)</script>', notes: '<a href="javascript:alert(1)">x</a>', proofLink: 'https://x.test/?q=<script>' };
    const s = (await submit(earner.cookie, { taskId, proofFileUrl: null, ...evil }).expect(201)).body;
    expect(s).toMatchObject(evil);
    const r = await request(ctx.http).patch(`/api/submissions/${s.id}`).set('Cookie', creator.cookie)
      .send({ status: 'rejected', feedback: '<img src=x onerror=alert(1)>' }).expect(200);
    expect(r.body.reviewNotes).toBe('<img src=x onerror=alert(1)>');
    expect(r.headers['content-type']).toMatch(/^application\/json/);
  });
});
