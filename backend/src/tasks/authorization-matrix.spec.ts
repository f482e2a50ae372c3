import sharp from 'sharp';
import request from 'supertest';
import { cast } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';

type Who = 'signed out' | 'earner' | 'creator' | 'other' | 'admin';
const WHO: Who[] = ['signed out', 'earner', 'creator', 'other', 'admin'];
type Cast = Awaited<ReturnType<typeof cast>> & { draftId: number; approvedTaskId: number; png: Buffer };
type R = ReturnType<typeof request>;

const DEADLINE = () => new Date(Date.now() + 86_400_000).toISOString();
const TASK = { title: 't', description: 'd', requirements: 'r', category: 'Other', submissionType: 'text', reward: 1, maxCompletions: 1, estimatedTime: 1 };

/**
 * Every route of the marketplace API x every kind of caller: the earner has a pending submission on the
 * creator's funded task; "other" is a signed-in stranger; "admin" has isAdmin. Each cell runs on a fresh
 * cast, so no cell depends on another's side effects.
 */
const ROUTES: Array<{ route: string; expect: Record<Who, number>; call: (c: Cast, r: R) => request.Test }> = [
  { route: 'GET /api/tasks', expect: { 'signed out': 200, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (_c, r) => r.get('/api/tasks') },
  { route: 'POST /api/tasks', expect: { 'signed out': 401, earner: 201, creator: 201, other: 201, admin: 201 },
    call: (_c, r) => r.post('/api/tasks').send({ ...TASK, deadline: DEADLINE() }) },
  { route: 'GET /api/tasks/:id (funded)', expect: { 'signed out': 200, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (c, r) => r.get(`/api/tasks/${c.taskId}`) },
  { route: 'GET /api/tasks/:id (draft)', expect: { 'signed out': 404, earner: 404, creator: 200, other: 404, admin: 200 },
    call: (c, r) => r.get(`/api/tasks/${c.draftId}`) },
  { route: 'GET /api/tasks/:id/user-submission', expect: { 'signed out': 401, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (c, r) => r.get(`/api/tasks/${c.taskId}/user-submission`) },
  // earner: already submitted; creator: own task.
  { route: 'POST /api/submissions', expect: { 'signed out': 401, earner: 409, creator: 403, other: 201, admin: 201 },
    call: (c, r) => r.post('/api/submissions').send({ taskId: c.taskId, proofText: 'p' }) },
  { route: 'POST /api/submissions/upload', expect: { 'signed out': 401, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (c, r) => r.post('/api/submissions/upload').attach('file', c.png, 'p.png') },
  { route: 'GET /api/submissions/user', expect: { 'signed out': 401, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (_c, r) => r.get('/api/submissions/user') },
  { route: 'GET /api/submissions/:id', expect: { 'signed out': 401, earner: 200, creator: 200, other: 403, admin: 200 },
    call: (c, r) => r.get(`/api/submissions/${c.submissionId}`) },
  // earner: their own submission; other: not their task.
  { route: 'PATCH /api/submissions/:id', expect: { 'signed out': 401, earner: 403, creator: 200, other: 403, admin: 200 },
    call: (c, r) => r.patch(`/api/submissions/${c.submissionId}`).send({ status: 'approved' }) },
  // The earner may retry their own payout (issue 19 item 4); nobody else but the creator and admins.
  { route: 'POST /api/blockchain/release-reward', expect: { 'signed out': 401, earner: 200, creator: 200, other: 403, admin: 200 },
    call: (c, r) => r.post('/api/blockchain/release-reward').send({ taskId: c.approvedTaskId, recipientId: c.earner.id }) },
  { route: 'GET /api/dashboard', expect: { 'signed out': 401, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (_c, r) => r.get('/api/dashboard') },
  { route: 'GET /api/leaderboard', expect: { 'signed out': 200, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (_c, r) => r.get('/api/leaderboard') },
  { route: 'GET /api/check-file', expect: { 'signed out': 200, earner: 200, creator: 200, other: 200, admin: 200 },
    call: (_c, r) => r.get('/api/check-file?path=/etc/passwd') },
];

describe('authorization matrix', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  async function freshCast(): Promise<Cast> {
    const c = await cast(ctx);
    const draftId = await createFundedTask(ctx.commands, c.creator, { isActive: false });
    // A second task whose earner submission is approved (release-reward needs an approved one).
    const approvedTaskId = await createFundedTask(ctx.commands, c.creator);
    const s = await request(ctx.http).post('/api/submissions').set('Cookie', c.earner.cookie).send({ taskId: approvedTaskId, proofText: 'p' }).expect(201);
    await request(ctx.http).patch(`/api/submissions/${s.body.id}`).set('Cookie', c.creator.cookie).send({ status: 'approved' }).expect(200);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    return { ...c, draftId, approvedTaskId, png };
  }

  it.each(ROUTES.map((r) => [r.route, r]))('%s', async (_name, r) => {
    const got: Record<string, number> = {};
    for (const who of WHO) {
      const c = await freshCast();
      const cookie = who === 'signed out' ? undefined : c[who].cookie;
      const req = r.call(c, request(ctx.http));
      got[who] = (await (cookie ? req.set('Cookie', cookie) : req)).status;
    }
    expect(got).toEqual(r.expect);
  });
});
