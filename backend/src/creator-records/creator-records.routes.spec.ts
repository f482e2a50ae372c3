import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';

describe('creator records on the task JSON and the submitter for reviewers', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const proof = { proofText: 'p', proofLink: null, proofFileUrl: null, notes: null };

  it('the task (detail and list) carries the short line; null for a new creator', async () => {
    const [creator, e1, e2] = [await actor(ctx), await actor(ctx), await actor(ctx)];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text', maxCompletions: 3 });
    expect((await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200)).body.creatorRecord).toBeNull();
    const s1 = (await request(ctx.http).post('/api/submissions').set('Cookie', e1.cookie).send({ taskId, ...proof }).expect(201)).body;
    const s2 = (await request(ctx.http).post('/api/submissions').set('Cookie', e2.cookie).send({ taskId, ...proof }).expect(201)).body;
    await request(ctx.http).patch(`/api/submissions/${s1.id}`).set('Cookie', creator.cookie).send({ status: 'approved' }).expect(200);
    await request(ctx.http).patch(`/api/submissions/${s2.id}`).set('Cookie', creator.cookie).send({ status: 'rejected', feedback: 'no' }).expect(200);
    await ctx.projections.catchUp();
    const task = (await request(ctx.http).get(`/api/tasks/${taskId}`).expect(200)).body;
    expect(task.creatorRecord).toEqual({ reviewed: 2, approved: 1, medianReviewMs: expect.any(Number) });
    expect(task.creatorRecord.medianReviewMs).toBeGreaterThanOrEqual(0);
    const page = (await request(ctx.http).get('/api/tasks?limit=100').expect(200)).body;
    expect(page.items.find((t: { id: number }) => t.id === taskId).creatorRecord).toEqual(task.creatorRecord);
    const full = (await request(ctx.http).get(`/api/users/${creator.id}/record`).expect(200)).body;
    expect(full.asCreator).toMatchObject({ submissionsReviewed: 2, approved: 1, reviewedBeforeDeadline: 2, autoApprovals: 0 });
    expect(full.asEarner).toEqual({ submissions: 0, approved: 0, rejected: 0, earned: 0 });
    expect((await request(ctx.http).get(`/api/users/${e1.id}/record`).expect(200)).body.asEarner).toEqual({ submissions: 1, approved: 1, rejected: 0, earned: 0 });
  });

  it('GET /api/submissions/:id: the creator and admins get the submitter (name, avatar, full wallet, earner record); the submitter does not', async () => {
    const [creator, earner, admin] = [await actor(ctx), await actor(ctx, { username: `earner${Date.now() % 100000}` }), await actor(ctx, { admin: true })];
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text' });
    const s = (await request(ctx.http).post('/api/submissions').set('Cookie', earner.cookie).send({ taskId, ...proof }).expect(201)).body;
    const submitter = { id: earner.id, username: expect.stringMatching(/^earner/), profileImage: null, walletAddress: earner.wallet, record: { submissions: 1, approved: 0, rejected: 0, earned: 0 } };
    expect((await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', creator.cookie).expect(200)).body.submitter).toEqual(submitter);
    expect((await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', admin.cookie).expect(200)).body.submitter).toEqual(submitter);
    const own = (await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', earner.cookie).expect(200)).body;
    expect(own).not.toHaveProperty('submitter');
  });
});
