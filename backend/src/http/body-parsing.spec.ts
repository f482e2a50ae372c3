import request from 'supertest';
import { startTestApp } from '../../test/test-app';

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
});
