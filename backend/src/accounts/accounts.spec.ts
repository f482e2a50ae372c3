import { Wallet } from 'ethers';
import sharp from 'sharp';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { fetchChallenge, signVariant } from '../auth/siwe-test-helpers';
import { registerWalletUser } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/session-cookie';
import { startTestApp } from '../../test/test-app';
import { GrantAdminCommand } from '../users/commands/grant-admin.command';
import { UpdateProfileCommand } from '../users/commands/update-profile.command';

type App = Awaited<ReturnType<typeof startTestApp>>;

describe('user routes', () => {
  let ctx: App;
  let dir: string;
  let alice: { id: number; wallet: string; cookie: string };
  let bob: { id: number; wallet: string; cookie: string };
  let admin: { id: number; wallet: string; cookie: string };

  async function user(username: string | null = null) {
    const u = await registerWalletUser(ctx.commands, Wallet.createRandom().address, username);
    return { ...u, cookie: await sessionCookieFor(ctx.dataSource, u.id) };
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-uploads-'));
    ctx = await startTestApp({ UPLOAD_DIR: dir, RATE_LIMIT_AUTH: '10000', RATE_LIMIT_UPLOAD: '10000' });
    alice = await user('alice');
    bob = await user('bob');
    admin = await user('root');
    await ctx.commands.execute(new GrantAdminCommand(admin.id, 'test'));
    await ctx.commands.execute(new UpdateProfileCommand(alice.id, { bio: 'hi', email: 'alice@example.com' }));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('authorization matrix: signed out / another user / admin', () => {
    const post = (p: string, cookie: string | null, body: object = {}) => {
      const r = request(ctx.http).post(p);
      return (cookie ? r.set('Cookie', cookie) : r).send(body);
    };

    it('GET /api/user: 401 signed out; each user gets themself (admin too)', async () => {
      await request(ctx.http).get('/api/user').expect(401, { message: 'Not authenticated' });
      expect((await request(ctx.http).get('/api/user').set('Cookie', bob.cookie).expect(200)).body).toMatchObject({ id: bob.id, username: 'bob' });
      expect((await request(ctx.http).get('/api/user').set('Cookie', admin.cookie).expect(200)).body).toMatchObject({ id: admin.id, isAdmin: true });
    });

    it.each(['/api/wallet', '/api/user/update-username', '/api/user/update-profile', '/api/user/upload-profile-image'])(
      'POST %s: 401 signed out',
      async (p) => {
        await post(p, null, { username: 'zed', walletAddress: Wallet.createRandom().address, bio: 'x' }).expect(401);
      },
    );

    it('the write routes only ever change the caller: a userId/id in the body is ignored, for users and admins alike', async () => {
      await post('/api/user/update-profile', bob.cookie, { bio: 'bob bio', id: alice.id, userId: alice.id }).expect(200);
      await post('/api/user/update-username', admin.cookie, { username: 'root2', id: alice.id, userId: alice.id }).expect(200);
      const a = (await request(ctx.http).get('/api/user').set('Cookie', alice.cookie).expect(200)).body;
      expect(a).toMatchObject({ username: 'alice', bio: 'hi' });
      expect((await request(ctx.http).get(`/api/users/${bob.id}`).expect(200)).body.bio).toBe('bob bio');
      expect((await request(ctx.http).get(`/api/users/${admin.id}`).expect(200)).body.username).toBe('root2');
    });

    it('isAdmin can never be set through the API', async () => {
      const res = await post('/api/user/update-profile', bob.cookie, { bio: 'x', isAdmin: true }).expect(200);
      expect(res.body.isAdmin).toBe(false);
    });

    it('GET /api/users/:id: public fields for anyone; the email only for the user themself and admins', async () => {
      const anon = (await request(ctx.http).get(`/api/users/${alice.id}`).expect(200)).body;
      expect(anon).toMatchObject({ id: alice.id, username: 'alice', walletAddress: alice.wallet, bio: 'hi', isAdmin: false });
      expect(anon).not.toHaveProperty('email');
      expect(anon).not.toHaveProperty('passwordHash');
      const other = (await request(ctx.http).get(`/api/users/${alice.id}`).set('Cookie', bob.cookie).expect(200)).body;
      expect(other).not.toHaveProperty('email');
      const self = (await request(ctx.http).get(`/api/users/${alice.id}`).set('Cookie', alice.cookie).expect(200)).body;
      expect(self.email).toBe('alice@example.com');
      const byAdmin = (await request(ctx.http).get(`/api/users/${alice.id}`).set('Cookie', admin.cookie).expect(200)).body;
      expect(byAdmin.email).toBe('alice@example.com');
      expect(byAdmin).not.toHaveProperty('passwordHash');
      await request(ctx.http).get('/api/users/999999').expect(404, { message: 'User not found' });
      await request(ctx.http).get('/api/users/99999999999').expect(404);
      await request(ctx.http).get('/api/users/abc').expect(400);
    });

    it('a password user never exposes the hash anywhere', async () => {
      const agent = request.agent(ctx.http);
      const reg = await agent.post('/api/register').send({ username: 'pw_user', password: 'pw password 1' }).expect(201);
      for (const body of [
        reg.body,
        (await agent.get('/api/user').expect(200)).body,
        (await request(ctx.http).get(`/api/users/${reg.body.id}`).set('Cookie', admin.cookie).expect(200)).body,
        (await agent.post('/api/user/update-profile').send({ bio: 'b' }).expect(200)).body,
      ]) {
        expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|password/);
      }
    });
  });

  describe('POST /api/user/update-username', () => {
    it('enforces 3–20 letters, digits, underscores', async () => {
      const u = await user();
      for (const bad of ['ab', 'a'.repeat(21), 'has space', 'dash-name', 'ünï', '', 'x;drop']) {
        const res = await request(ctx.http).post('/api/user/update-username').set('Cookie', u.cookie).send({ username: bad }).expect(400);
        expect(res.body.message).toBe('Please enter a username with at least 3 characters');
      }
      await request(ctx.http).post('/api/user/update-username').set('Cookie', u.cookie).send({}).expect(400);
      const ok = await request(ctx.http).post('/api/user/update-username').set('Cookie', u.cookie).send({ username: 'A_b_3' }).expect(200);
      expect(ok.body).toMatchObject({ id: u.id, username: 'A_b_3' });
      await request(ctx.http).post('/api/user/update-username').set('Cookie', u.cookie).send({ username: 'x'.repeat(20) }).expect(200);
    });

    it('is unique, case-insensitively; a freed name can be taken; own name in another case is fine', async () => {
      const u = await user();
      const v = await user();
      await request(ctx.http).post('/api/user/update-username').set('Cookie', u.cookie).send({ username: 'Unique_One' }).expect(200);
      const taken = await request(ctx.http).post('/api/user/update-username').set('Cookie', v.cookie).send({ username: 'unique_one' }).expect(409);
      expect(taken.body.message).toBe('This username is already taken');
      await request(ctx.http).post('/api/user/update-username').set('Cookie', u.cookie).send({ username: 'UNIQUE_ONE' }).expect(200);
      await request(ctx.http).post('/api/user/update-username').set('Cookie', u.cookie).send({ username: 'renamed_u' }).expect(200);
      await request(ctx.http).post('/api/user/update-username').set('Cookie', v.cookie).send({ username: 'unique_one' }).expect(200);
    });

    it('two users racing for one name: exactly one gets it', async () => {
      const racers = await Promise.all([user(), user(), user()]);
      const results = await Promise.all(
        racers.map((r) => request(ctx.http).post('/api/user/update-username').set('Cookie', r.cookie).send({ username: 'contested' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    });
  });

  describe('POST /api/user/update-profile', () => {
    it('updates bio and email, keeps what is left out, clears with null or ""', async () => {
      const u = await user();
      const set = request(ctx.http).post('/api/user/update-profile').set('Cookie', u.cookie);
      const a = await set.send({ bio: 'I write threads', email: 'u@example.com' }).expect(200);
      expect(a.body).toMatchObject({ bio: 'I write threads', email: 'u@example.com', profileImage: null });
      const b = await request(ctx.http).post('/api/user/update-profile').set('Cookie', u.cookie).send({ bio: 'new bio' }).expect(200);
      expect(b.body).toMatchObject({ bio: 'new bio', email: 'u@example.com' });
      const c = await request(ctx.http).post('/api/user/update-profile').set('Cookie', u.cookie).send({ email: '', bio: null }).expect(200);
      expect(c.body).toMatchObject({ bio: null, email: null });
    });

    it('validates the email, the bio length and the image', async () => {
      const u = await user();
      const post = (body: object) => request(ctx.http).post('/api/user/update-profile').set('Cookie', u.cookie).send(body);
      expect((await post({ email: 'not-an-email' }).expect(400)).body.message).toBe('Please enter a valid email address');
      expect((await post({ bio: 'x'.repeat(1001) }).expect(400)).body.message).toBe('Bio must be at most 1000 characters');
      for (const profileImage of ['https://evil.example/pixel.png', 'javascript:alert(1)', '/api/uploads/' + 'a'.repeat(32) + '.png', '/api/uploads/../x']) {
        expect((await post({ profileImage }).expect(400)).body.message).toMatch(/Invalid profile image/);
      }
    });

    it('takes a profile image uploaded through upload-profile-image (spec flow: upload, then update-profile)', async () => {
      const u = await user();
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } }).png().toBuffer();
      const up = await request(ctx.http).post('/api/user/upload-profile-image').set('Cookie', u.cookie).attach('image', png, 'me.png').expect(200);
      expect(up.body).toEqual({ imageUrl: expect.stringMatching(/^\/api\/uploads\/[0-9a-f]{32}\.png$/) });
      const res = await request(ctx.http)
        .post('/api/user/update-profile')
        .set('Cookie', u.cookie)
        .send({ bio: 'with picture', email: null, profileImage: up.body.imageUrl })
        .expect(200);
      expect(res.body.profileImage).toBe(up.body.imageUrl);
      const later = await request(ctx.http).post('/api/user/update-profile').set('Cookie', u.cookie).send({ bio: 'still' }).expect(200);
      expect(later.body.profileImage).toBe(up.body.imageUrl);
    });
  });

  describe('POST /api/wallet', () => {
    it('is a no-op for the wallet already on the account (the spec client posts it after every connect)', async () => {
      const res = await request(ctx.http).post('/api/wallet').set('Cookie', alice.cookie).send({ walletAddress: alice.wallet.toLowerCase() }).expect(200);
      expect(res.body).toMatchObject({ id: alice.id, walletAddress: alice.wallet });
    });

    it('links a new wallet only with a signed challenge from that wallet', async () => {
      const agent = request.agent(ctx.http);
      const reg = await agent.post('/api/register').send({ username: 'no_wallet', password: 'password 123' }).expect(201);
      const wallet = Wallet.createRandom();
      const plain = await agent.post('/api/wallet').send({ walletAddress: wallet.address }).expect(400);
      expect(plain.body.message).toMatch(/sign a challenge/);

      // Signed by another key: refused.
      const other = Wallet.createRandom();
      let challenge = await fetchChallenge(agent, wallet.address);
      let signed = await signVariant(other, challenge);
      await agent.post('/api/wallet').send({ walletAddress: wallet.address, ...signed }).expect(401);

      challenge = await fetchChallenge(agent, wallet.address);
      signed = await signVariant(wallet, challenge);
      const ok = await agent.post('/api/wallet').send({ walletAddress: wallet.address, ...signed }).expect(200);
      expect(ok.body).toMatchObject({ id: reg.body.id, walletAddress: wallet.address });
      // Still signed in as the same user, and the wallet now signs in to this account.
      expect((await agent.get('/api/user').expect(200)).body.walletAddress).toBe(wallet.address);

      // A different wallet cannot replace it.
      const third = Wallet.createRandom();
      challenge = await fetchChallenge(agent, third.address);
      signed = await signVariant(third, challenge);
      const replace = await agent.post('/api/wallet').send({ walletAddress: third.address, ...signed }).expect(409);
      expect(replace.body.message).toBe('A different wallet is already linked to this account');
    });

    it("refuses another account's wallet with 409", async () => {
      const agent = request.agent(ctx.http);
      await agent.post('/api/register').send({ username: 'thief', password: 'password 123' }).expect(201);
      // Even with a valid signature (say the owner was tricked), a wallet belongs to one account only.
      const owner = Wallet.createRandom();
      await registerWalletUser(ctx.commands, owner.address);
      const challenge = await fetchChallenge(agent, owner.address);
      const signed = await signVariant(owner, challenge);
      const res = await agent.post('/api/wallet').send({ walletAddress: owner.address, ...signed }).expect(409);
      expect(res.body.message).toBe('This wallet address is already linked to another account');
    });

    it('validates the address', async () => {
      const res = await request(ctx.http).post('/api/wallet').set('Cookie', bob.cookie).send({ walletAddress: '0x123' }).expect(400);
      expect(res.body.message).toBe('Invalid wallet address');
    });
  });
});
