import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';
import { UNSTORABLE_TEXT } from './refuse-unstorable-text';

describe('JSON bodies', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  it('answers malformed JSON with 400 and a readable message', async () => {
    const res = await request(ctx.http).post('/api/login').set('content-type', 'application/json').send('{"username": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('refuses a JSON body over 100 kB with 413 before any handler runs', async () => {
    const body = JSON.stringify({ username: 'x'.repeat(110_000), password: 'y' });
    const res = await request(ctx.http).post('/api/login').set('content-type', 'application/json').send(body);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('still parses well-formed JSON (a wrong password is a 401, not a parse error)', async () => {
    const res = await request(ctx.http).post('/api/login').send({ username: 'nobody_here', password: 'not-the-password' });
    expect(res.status).toBe(401);
  });

  // PostgreSQL cannot store these in text or jsonb: refused before any route, with one rule for every body.
  it.each([
    ['a NUL in a value', { username: 'a\u0000b', password: 'x' }],
    ['a NUL in a nested key', { username: 'nobody_here', password: 'x', extra: [{ ['k\u0000']: 1 }] }],
    ['an unpaired high surrogate', { username: 'a\ud800b', password: 'x' }],
    ['an unpaired low surrogate', { username: 'nobody_here', password: 'x\udc00' }],
  ])('answers %s with 400 and one clear message', async (_what, body) => {
    const res = await request(ctx.http).post('/api/login').set('content-type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: UNSTORABLE_TEXT });
  });

  it('refuses a NUL in a proof text with 400 while concurrent good submissions are created', async () => {
    const creator = await actor(ctx);
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text', maxCompletions: 10 });
    const earners = await Promise.all(Array.from({ length: 6 }, () => actor(ctx)));
    const submit = (cookie: string, proofText: string) =>
      request(ctx.http).post('/api/submissions').set('Cookie', cookie).send({ taskId, proofText, proofLink: null, proofFileUrl: null, notes: null });
    const [poisoned, ...good] = await Promise.all([
      submit(earners[0].cookie, 'my thread\u0000'),
      ...earners.slice(1).map((e, i) => submit(e.cookie, `Here is my thread number ${i}`)),
    ]);
    expect(poisoned.status).toBe(400);
    expect(poisoned.body).toEqual({ message: UNSTORABLE_TEXT });
    expect(good.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    // Surrogate pairs (emoji) are ordinary text.
    const emoji = await submit(earners[0].cookie, 'Done \u{1F680}');
    expect(emoji.status).toBe(201);
    expect(emoji.body.proofText).toBe('Done \u{1F680}');
  });
});
