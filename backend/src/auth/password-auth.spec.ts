import request from 'supertest';
import { startTestApp } from '../../test/test-app';

type App = Awaited<ReturnType<typeof startTestApp>>;
const ENV = { RATE_LIMIT_AUTH: '10000' };

describe('register / login / logout / GET /api/user', () => {
  let ctx: App;
  beforeAll(async () => {
    ctx = await startTestApp(ENV);
  });
  afterAll(() => ctx.close());

  it('registers, signs in at once, and never shows the password or its hash', async () => {
    const agent = request.agent(ctx.http);
    await agent.get('/api/user').expect(401, { message: 'Not authenticated' });
    const res = await agent.post('/api/register').send({ username: 'Alice_1', password: 'correct horse', email: 'alice@example.com' }).expect(201);
    expect(res.body).toMatchObject({ username: 'Alice_1', email: 'alice@example.com', walletAddress: null, isAdmin: false, bio: null, profileImage: null });
    expect(Object.keys(res.body).sort()).toEqual(['bio', 'createdAt', 'email', 'id', 'isAdmin', 'profileImage', 'updatedAt', 'username', 'walletAddress']);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/cent\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await agent.get('/api/user').expect(200)).body.id).toBe(res.body.id);
    const [row] = await ctx.dataSource.query(`SELECT password_hash FROM users WHERE id = $1`, [res.body.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(await ctx.dataSource.query(`SELECT data FROM events`))).not.toContain('correct horse');
  });

  it('refuses a taken username (case-insensitive) with 409 and bad input with 400', async () => {
    await request(ctx.http).post('/api/register').send({ username: 'bob_x', password: 'password1' }).expect(201);
    const dup = await request(ctx.http).post('/api/register').send({ username: 'BOB_X', password: 'password2' }).expect(409);
    expect(dup.body.message).toBe('This username is already taken');
    const short = await request(ctx.http).post('/api/register').send({ username: 'ab', password: 'password1' }).expect(400);
    expect(short.body.message).toBe('Please enter a username with at least 3 characters');
    const weak = await request(ctx.http).post('/api/register').send({ username: 'carol', password: 'short' }).expect(400);
    expect(weak.body.message).toBe('Password must be at least 8 characters');
    const email = await request(ctx.http).post('/api/register').send({ username: 'carol', password: 'password1', email: 'nope' }).expect(400);
    expect(email.body.message).toBe('Please enter a valid email address');
    await request(ctx.http).post('/api/register').send({ username: 'carol', password: 12345678 }).expect(400);
    // A field the server owns is ignored, never applied.
    const sneaky = await request(ctx.http).post('/api/register').send({ username: 'dave', password: 'password1', isAdmin: true }).expect(201);
    expect(sneaky.body.isAdmin).toBe(false);
  });

  it('logs in with the right password only; 401 otherwise, the same for unknown users', async () => {
    await request(ctx.http).post('/api/register').send({ username: 'erin', password: 'erin password' }).expect(201);
    const agent = request.agent(ctx.http);
    const wrong = await agent.post('/api/login').send({ username: 'erin', password: 'nope nope' }).expect(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    const unknown = await agent.post('/api/login').send({ username: 'nobody', password: 'erin password' }).expect(401);
    expect(unknown.body.message).toBe('Invalid username or password');
    await agent.get('/api/user').expect(401);
    const ok = await agent.post('/api/login').send({ username: 'ERIN', password: 'erin password' }).expect(200);
    expect(ok.body.username).toBe('erin');
    await agent.get('/api/user').expect(200);
    await request(ctx.http).post('/api/login').send({ username: 'erin' }).expect(400);
  });

  it('logout destroys the session server-side: the old cookie is refused afterwards', async () => {
    await request(ctx.http).post('/api/register').send({ username: 'frank', password: 'frank password' }).expect(201);
    const login = await request(ctx.http).post('/api/login').send({ username: 'frank', password: 'frank password' }).expect(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await request(ctx.http).get('/api/user').set('Cookie', cookie).expect(200);
    const out = await request(ctx.http).post('/api/logout').set('Cookie', cookie).expect(200);
    expect(out.body).toEqual({ message: 'Logged out successfully' });
    expect(String(out.headers['set-cookie'])).toMatch(/cent\.sid=;.*Expires=Thu, 01 Jan 1970/);
    // The browser would drop the cookie; a kept copy selects nothing any more.
    await request(ctx.http).get('/api/user').set('Cookie', cookie).expect(401);
    // Signed out already: still fine.
    await request(ctx.http).post('/api/logout').expect(200);
  });

  it('login and register start a new session id (no session fixation)', async () => {
    await request(ctx.http).post('/api/register').send({ username: 'gina', password: 'gina password' }).expect(201);
    const agent = request.agent(ctx.http);
    const challenge = await agent.get('/api/auth/challenge?address=0x' + '11'.repeat(20)).expect(200);
    const before = String(challenge.headers['set-cookie']).split(';')[0];
    const login = await agent.post('/api/login').send({ username: 'gina', password: 'gina password' }).expect(200);
    expect(String(login.headers['set-cookie']).split(';')[0]).not.toBe(before);
    await request(ctx.http).get('/api/user').set('Cookie', before).expect(401);
  });
});

describe('sessions live in PostgreSQL', () => {
  it('a signed-in read does not rewrite its session row when the process moved its expiry within the last minute', async () => {
    const app = await startTestApp(ENV);
    try {
      const res = await request(app.http).post('/api/register').send({ username: 'ida', password: 'ida password' }).expect(201);
      const cookie = String(res.headers['set-cookie']).split(';')[0];
      const expiry = async () => (await app.dataSource.query(`SELECT expire FROM sessions WHERE sess::jsonb ? 'userId'`))[0].expire.getTime();
      // The first read touches the row (rolling expiry); an artificially early expiry shows whether later ones write.
      await request(app.http).get('/api/user').set('Cookie', cookie).expect(200);
      await app.dataSource.query(`UPDATE sessions SET expire = expire - interval '1 hour'`);
      const lowered = await expiry();
      for (let i = 0; i < 3; i++) await request(app.http).get('/api/user').set('Cookie', cookie).expect(200);
      expect(await expiry()).toBe(lowered);
    } finally {
      await app.close();
    }
  });

  it('survive a backend restart on the same database', async () => {
    const first = await startTestApp(ENV);
    let cookie: string;
    try {
      const res = await request(first.http).post('/api/register').send({ username: 'henry', password: 'henry password' }).expect(201);
      cookie = String(res.headers['set-cookie']).split(';')[0];
    } finally {
      await first.close();
    }
    const second = await startTestApp(ENV, first.databaseUrl);
    try {
      const me = await request(second.http).get('/api/user').set('Cookie', cookie).expect(200);
      expect(me.body.username).toBe('henry');
    } finally {
      await second.close();
    }
  });
});
