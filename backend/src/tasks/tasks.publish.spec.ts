import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';

describe('PATCH /api/tasks/:id (publish / unpublish)', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const listedIds = async () => (await request(ctx.http).get('/api/tasks').expect(200)).body.map((t: { id: number }) => t.id);

  it('lets the creator publish a funded draft, which is then listed, and take it off the list again', async () => {
    const creator = await actor(ctx);
    const taskId = await createFundedTask(ctx.commands, creator, { isActive: false });
    expect(await listedIds()).not.toContain(taskId);
    const res = await request(ctx.http).patch(`/api/tasks/${taskId}`).set('Cookie', creator.cookie).send({ isActive: true }).expect(200);
    expect(res.body).toMatchObject({ id: taskId, isActive: true, fundingStatus: 'funded' });
    expect(await listedIds()).toContain(taskId);
    await request(ctx.http).patch(`/api/tasks/${taskId}`).set('Cookie', creator.cookie).send({ isActive: false }).expect(200);
    expect(await listedIds()).not.toContain(taskId);
  });

  it('lets an admin change any task', async () => {
    const creator = await actor(ctx);
    const admin = await actor(ctx, { admin: true });
    const taskId = await createFundedTask(ctx.commands, creator);
    const res = await request(ctx.http).patch(`/api/tasks/${taskId}`).set('Cookie', admin.cookie).send({ isActive: false }).expect(200);
    expect(res.body.isActive).toBe(false);
  });

  it('refuses everyone else, signed-out callers and bad bodies, and changes nothing', async () => {
    const creator = await actor(ctx);
    const other = await actor(ctx);
    const listed = await createFundedTask(ctx.commands, creator);
    const draft = await createFundedTask(ctx.commands, creator, { isActive: false });
    const forbidden = await request(ctx.http).patch(`/api/tasks/${listed}`).set('Cookie', other.cookie).send({ isActive: false }).expect(403);
    expect(forbidden.body.message).toBe('Only the creator of this task can change it');
    await request(ctx.http).patch(`/api/tasks/${draft}`).set('Cookie', other.cookie).send({ isActive: true }).expect(404);
    await request(ctx.http).patch(`/api/tasks/${listed}`).send({ isActive: false }).expect(401);
    const bad = await request(ctx.http).patch(`/api/tasks/${listed}`).set('Cookie', creator.cookie).send({ isActive: 'yes' }).expect(400);
    expect(bad.body.message).toBe('isActive must be true or false');
    await request(ctx.http).patch('/api/tasks/999999').set('Cookie', creator.cookie).send({ isActive: true }).expect(404);
    expect(await listedIds()).toContain(listed);
    expect(await listedIds()).not.toContain(draft);
  });
});
