import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { UploadsService } from '../uploads';
import { FIXTURE_TASKS as T, GOOD_THREAD_TEXT, reencodedCopy, screenshotPng } from '../validation/validation-fixtures';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';
import { fundedTaskLike, person, submit } from './admin.test-kit';

const RESULT_KEYS = [
  'approved', 'autoApprovalEligible', 'category', 'confidence', 'issues', 'qualityScore', 'reasoning', 'riskLevel',
  'suggestions', 'verificationStatus',
];

describe('admin API', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  it('refuses every admin route: 401 signed out, 403 for a signed-in non-admin', async () => {
    const user = await person(ctx);
    const routes: Array<[string, string, object?]> = [
      ['get', '/api/admin/dashboard'],
      ['post', '/api/admin/validate-submission/1'],
      ['post', '/api/admin/bulk-validate', { autoApprove: true }],
      ['post', '/api/admin/bulk-approve', {}],
      ['get', '/api/admin/analytics'],
    ];
    for (const [method, path, body] of routes) {
      const anon = await (request(ctx.http) as any)[method](path).send(body);
      expect([path, anon.status, anon.body.message]).toEqual([path, 401, 'Not authenticated']);
      const res = await (request(ctx.http) as any)[method](path).set('Cookie', user.cookie).send(body);
      expect([path, res.status, res.body.message]).toEqual([path, 403, 'Admin privileges required']);
    }
  });

  it('validates one submission, stores the result as an event and marks it aiValidated', async () => {
    const [admin, creator, earner] = [await person(ctx, true), await person(ctx), await person(ctx)];
    const taskId = await fundedTaskLike(ctx.commands, creator, T.thread);
    const id = await submit(ctx.commands, earner.id, taskId, { proofText: GOOD_THREAD_TEXT });

    const sent = performance.now();
    const res = await request(ctx.http).post(`/api/admin/validate-submission/${id}`).set('Cookie', admin.cookie).expect(200);
    const roundTripMs = performance.now() - sent;
    expect(Object.keys(res.body).sort()).toEqual(RESULT_KEYS);
    expect(res.body).toMatchObject({ approved: true, riskLevel: 'low', category: 'Content', verificationStatus: 'verified', autoApprovalEligible: true });

    const [row] = await ctx.dataSource.query(`SELECT ai_validated, ai_validation, status FROM submissions WHERE id = $1`, [id]);
    expect(row.ai_validated).toBe(true);
    expect(row.status).toBe('pending'); // validating never decides
    expect(row.ai_validation).toMatchObject(res.body);
    const [ev] = await ctx.dataSource.query(
      `SELECT data, metadata FROM events WHERE event_type = 'SubmissionAiValidated' AND (data->>'submissionId')::int = $1`, [id]);
    expect(ev.data).toMatchObject({ submissionId: id, taskId, validatedBy: admin.id, result: res.body });
    // The validator's own run time: whole milliseconds, at least 1 (clamped), within the request's round trip.
    expect(Number.isInteger(ev.data.durationMs)).toBe(true);
    expect(ev.data.durationMs).toBeGreaterThanOrEqual(1);
    expect(ev.data.durationMs).toBeLessThanOrEqual(Math.ceil(roundTripMs));
    const [stat] = await ctx.dataSource.query(`SELECT duration_ms FROM admin_ai_validations WHERE submission_id = $1`, [id]);
    expect(stat.duration_ms).toBe(ev.data.durationMs); // what analytics averages
    expect(ev.data.result.audit).toEqual({ signals: [], evidence: [], validator: 'heuristic', autoApproveRequested: false });
    expect(ev.metadata.actorId).toBe(admin.id);

    await request(ctx.http).post('/api/admin/validate-submission/999999').set('Cookie', admin.cookie).expect(404, { message: 'Submission not found' });
    await request(ctx.http).post('/api/admin/validate-submission/abc').set('Cookie', admin.cookie).expect(400, { message: 'Invalid submission id' });
  });

  it('flags copied text, a re-encoded copy of another image and off-topic proof through the route', async () => {
    const [admin, creator, a, b, c] = [await person(ctx, true), await person(ctx), await person(ctx), await person(ctx), await person(ctx)];
    const uploads = ctx.app.get(UploadsService);
    const thread = await fundedTaskLike(ctx.commands, creator, T.thread);
    const thread2 = await fundedTaskLike(ctx.commands, creator, T.thread, { title: 'Another thread about CENT Tasks' });
    const shots = await fundedTaskLike(ctx.commands, creator, T.screenshot);

    const text = 'My thread on X has seven posts: why creators fund tasks up front, how the escrow contract keeps ' +
      'every reward locked until approval, what the CENT token is used for, and a link to the marketplace site at the end.';
    const original = await submit(ctx.commands, a.id, thread, { proofText: text });
    const copied = await submit(ctx.commands, b.id, thread2, { proofText: text.replace('seven', '7') });
    const offTopic = await submit(ctx.commands, c.id, thread, {
      proofText: 'Mash three ripe bananas, stir in melted butter, sugar, one egg and vanilla, then bake the loaf for an hour.',
    });
    const png = await screenshotPng(11);
    const first = await uploads.storeImage(png);
    const copy = await uploads.storeImage(await reencodedCopy(png));
    expect(copy.url).toMatch(/\.jpg$/);
    const imgOriginal = await submit(ctx.commands, a.id, shots, { proofFileUrl: first.url, notes: 'My dashboard with wallet balance' });
    const imgCopy = await submit(ctx.commands, b.id, shots, { proofFileUrl: copy.url, notes: 'My dashboard with wallet balance' });
    const missing = await submit(ctx.commands, c.id, shots, { proofFileUrl: '/api/uploads/0123456789abcdef0123456789abcdef.png' });

    const validate = async (id: number) =>
      (await request(ctx.http).post(`/api/admin/validate-submission/${id}`).set('Cookie', admin.cookie).expect(200)).body;

    const dup = await validate(copied);
    expect(dup).toMatchObject({ approved: false, riskLevel: 'high', autoApprovalEligible: false });
    expect(dup.issues.join()).toContain(`the same as submission #${original} (task #${thread}) by another user`);
    expect((await validate(offTopic)).issues.join()).toMatch(/does not appear to address the task/);
    const img = await validate(imgCopy);
    expect(img).toMatchObject({ approved: false, riskLevel: 'high' });
    expect(img.issues.join()).toContain(`re-encoded or resized copy of the image in submission #${imgOriginal}`);
    // The first of the two images is a copy's original: it is flagged too (someone else has it).
    expect((await validate(imgOriginal)).issues.join()).toContain(`submission #${imgCopy}`);
    expect((await validate(missing)).issues.join()).toMatch(/could not be opened: the file no longer exists/);
  });

  it('flags the same link from another user and wallets linked minutes apart on one task (sybil sign)', async () => {
    const [admin, creator, a, b, c] = [await person(ctx, true), await person(ctx), await person(ctx), await person(ctx), await person(ctx)];
    const retweet = await fundedTaskLike(ctx.commands, creator, T.retweet);
    const first = await submit(ctx.commands, a.id, retweet, { proofLink: 'https://x.com/erin/status/1790000000000000777' });
    const again = await submit(ctx.commands, b.id, retweet, { proofLink: 'https://www.x.com/erin/status/1790000000000000777/?utm_source=share' });
    await submit(ctx.commands, c.id, retweet, { proofLink: 'https://x.com/carl/status/1790000000000000778' });
    const res = await request(ctx.http).post(`/api/admin/validate-submission/${again}`).set('Cookie', admin.cookie).expect(200);
    expect(res.body).toMatchObject({ approved: false, riskLevel: 'high', verificationStatus: 'failed' });
    expect(res.body.issues).toEqual(expect.arrayContaining([
      `The same link was submitted in submission #${first} (task #${retweet}) by another user`,
      expect.stringMatching(/^3 submissions on this task come from wallets linked within 10 minutes of each other/),
    ]));
  });

  it('GET /api/admin/dashboard: pages of users, tasks and submissions plus an overview aggregated in SQL', async () => {
    const fresh = await startTestApp();
    try {
      const [admin, creator, a, b, c] = [await person(fresh, true), await person(fresh), await person(fresh), await person(fresh), await person(fresh)];
      const t1 = await fundedTaskLike(fresh.commands, creator, T.thread, { reward: 50, maxCompletions: 5 });
      const t2 = await fundedTaskLike(fresh.commands, creator, T.appReview, { reward: 20, maxCompletions: 2 });
      const s1 = await submit(fresh.commands, a.id, t1, { proofText: GOOD_THREAD_TEXT });
      const s2 = await submit(fresh.commands, b.id, t1, { proofText: 'Another thread about the escrow and the CENT token.' });
      const s3 = await submit(fresh.commands, c.id, t2, { proofText: 'A review of onboarding, payments and notifications.' });
      const s4 = await submit(fresh.commands, a.id, t2, { proofText: 'Review: onboarding slow, payments fine, notifications late.' });
      await fresh.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s1, 'approved', null));
      await fresh.commands.execute(new ReviewSubmissionCommand({ id: admin.id, isAdmin: true }, s3, 'rejected', 'Too short'));

      const res = await request(fresh.http).get('/api/admin/dashboard').set('Cookie', admin.cookie).expect(200);
      const { users, tasks, submissions, overview, page } = res.body;
      expect(users.map((u: { id: number }) => u.id)).toEqual([c.id, b.id, a.id, creator.id, admin.id]);
      expect(users[0]).not.toHaveProperty('passwordHash');
      expect(users.find((u: { id: number }) => u.id === admin.id).isAdmin).toBe(true);
      expect(tasks.map((t: { id: number }) => t.id)).toEqual([t2, t1]);
      expect(tasks[1]).toMatchObject({ title: T.thread.title, creatorId: creator.id, reward: 50, completions: 1, maxCompletions: 5, isActive: true });
      expect(submissions.map((s: { id: number }) => s.id)).toEqual([s4, s3, s2, s1]);
      expect(submissions[3]).toMatchObject({ taskId: t1, taskTitle: T.thread.title, taskReward: 50, userId: a.id, status: 'approved', reviewedBy: creator.id, aiValidated: false });
      expect(overview).toEqual({
        users: { total: 5, withWallet: 5, admins: 1 },
        tasks: { total: 2, active: 2, categories: 2 },
        submissions: { total: 4, pending: 2, approved: 1, rejected: 1 },
        rewards: { paidOut: 50, totalRewards: 50 * 5 + 20 * 2 },
        tasksPerCategory: [{ category: 'Content', count: 1 }, { category: 'Reviews', count: 1 }],
        recentSubmissions: expect.any(Array),
      });
      // Pending first (newest first among them), then the decided ones, newest first.
      expect(overview.recentSubmissions.map((s: { id: number }) => s.id)).toEqual([s4, s2, s3, s1]);
      expect(page).toEqual({ limit: 100, offset: 0, status: null, q: null, totals: { users: 5, tasks: 2, submissions: 4 } });

      const paged = await request(fresh.http).get('/api/admin/dashboard?limit=2&offset=1&status=pending').set('Cookie', admin.cookie).expect(200);
      expect(paged.body.users.map((u: { id: number }) => u.id)).toEqual([b.id, a.id]);
      expect(paged.body.submissions.map((s: { id: number }) => s.id)).toEqual([s2]);
      expect(paged.body.page.totals.submissions).toBe(2);
      const bad = await request(fresh.http).get('/api/admin/dashboard?limit=0').set('Cookie', admin.cookie).expect(400);
      expect(bad.body.message).toMatch(/limit/);
      await request(fresh.http).get('/api/admin/dashboard?status=paid').set('Cookie', admin.cookie).expect(400);
    } finally {
      await fresh.app.close();
    }
  });
});
