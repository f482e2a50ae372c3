import request from 'supertest';
import { startTestApp } from '../../test/test-app';

type App = Awaited<ReturnType<typeof startTestApp>>;

describe('CSRF origin check, content types, headers, body size', () => {
  let ctx: App;
  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT_AUTH: '10000', PUBLIC_ORIGIN: 'http://tasks.example:8080', ALLOWED_ORIGINS: 'http://localhost:5173' });
  });
  afterAll(() => ctx.close());

  const login = () => request(ctx.http).post('/api/login');
  const creds = { username: 'nobody', password: 'whatever1' };

  it('refuses a state-changing request from another origin (Origin, else Referer) with 403', async () => {
    const res = await login().set('Origin', 'https://evil.example').send(creds).expect(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused' });
    await login().set('Referer', 'https://evil.example/page').send(creds).expect(403);
    await login().set('Origin', 'null').send(creds).expect(403);
    await request(ctx.http).post('/api/logout').set('Origin', 'http://tasks.example:9999').expect(403);
    await request(ctx.http).post('/api/user/update-profile').set('Origin', 'https://evil.example').send({ bio: 'x' }).expect(403);
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    await login().set('Sec-Fetch-Site', 'cross-site').send(creds).expect(403);
  });

  it('lets same-origin and configured origins through (to the route, which answers for itself)', async () => {
    await login().set('Origin', 'http://tasks.example:8080').set('Sec-Fetch-Site', 'same-origin').send(creds).expect(401);
    await login().set('Referer', 'http://tasks.example:8080/profile').send(creds).expect(401);
    await login().set('Origin', 'http://localhost:5173').send(creds).expect(401);
    await login().send(creds).expect(401); // no browser headers: curl, server-to-server
  });

  it('does not check safe methods', async () => {
    await request(ctx.http).get('/api/auth/challenge?address=0x' + '11'.repeat(20)).set('Origin', 'https://evil.example').expect(200);
  });

  it('accepts bodies only as JSON or multipart (415 for forms and text)', async () => {
    const form = await login().type('form').send('username=a&password=b').expect(415);
    expect(form.body.message).toMatch(/Unsupported content type/);
    await login().set('Content-Type', 'text/plain').send(JSON.stringify(creds)).expect(415);
  });

  it('refuses JSON bodies over 100kb with 413 and malformed JSON with 400', async () => {
    await login().set('Content-Type', 'application/json').send(JSON.stringify({ ...creds, pad: 'x'.repeat(110_000) })).expect(413);
    const bad = await login().set('Content-Type', 'application/json').send('{"username":').expect(400);
    expect(typeof bad.body.message).toBe('string');
  });

  it('sets security headers on API answers', async () => {
    const res = await request(ctx.http).get('/api/user').expect(401);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CSRF origin check on a local site (PUBLIC_ORIGIN on a loopback host)', () => {
  let ctx: App;
  beforeAll(async () => {
    ctx = await startTestApp({ PUBLIC_ORIGIN: 'http://localhost:4400' });
  });
  afterAll(() => ctx.close());

  const login = (origin: string) =>
    request(ctx.http).post('/api/login').set('Origin', origin).send({ username: 'nobody', password: 'whatever1' });

  it('accepts every loopback spelling of the same scheme and port (the user typed 127.0.0.1 or localhost)', async () => {
    for (const origin of ['http://localhost:4400', 'http://127.0.0.1:4400', 'http://[::1]:4400']) await login(origin).expect(401);
  });

  it('still refuses another port, another scheme and a non-loopback host', async () => {
    for (const origin of ['http://127.0.0.1:5555', 'https://127.0.0.1:4400', 'http://localhost.evil.example:4400', 'http://127.0.0.2:4400']) {
      const res = await login(origin).expect(403);
      expect(res.body).toEqual({ message: 'Cross-site request refused' });
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with the message once the sign-in limit per window is used up', async () => {
    // Windows are fixed (aligned to multiples of the window): a day-long one keeps a window boundary, which would
    // reset the count half-way, out of this test.
    const ctx = await startTestApp({ RATE_LIMIT_AUTH: '3', RATE_LIMIT_WINDOW_MS: '86400000' });
    try {
      for (let i = 0; i < 3; i++) {
        await request(ctx.http).post('/api/login').send({ username: 'nobody', password: 'whatever1' }).expect(401);
      }
      const res = await request(ctx.http).post('/api/login').send({ username: 'nobody', password: 'whatever1' }).expect(429);
      expect(res.body).toEqual({ message: 'Too many requests. Please try again later.' });
      // Each route has its own count: the challenge still answers, until it is used up too.
      for (let i = 0; i < 3; i++) await request(ctx.http).get('/api/auth/challenge?address=0x' + '11'.repeat(20)).expect(200);
      await request(ctx.http).get('/api/auth/challenge?address=0x' + '11'.repeat(20)).expect(429);
      for (let i = 0; i < 3; i++) await request(ctx.http).post('/api/register').send({ username: 'x' }).expect(400);
      await request(ctx.http).post('/api/register').send({ username: 'x' }).expect(429);
      for (let i = 0; i < 3; i++) await request(ctx.http).post('/api/auth/web3').send({}).expect(400);
      await request(ctx.http).post('/api/auth/web3').send({}).expect(429);
      // Routes without a limit are unaffected.
      for (let i = 0; i < 5; i++) await request(ctx.http).get('/api/user').expect(401);
    } finally {
      await ctx.close();
    }
  });
});
