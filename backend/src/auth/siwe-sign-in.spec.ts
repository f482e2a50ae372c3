import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { fetchChallenge, signInWithWallet, signVariant } from './siwe-test-helpers';

type App = Awaited<ReturnType<typeof startTestApp>>;

const signedInSessions = async (ctx: App): Promise<number> =>
  Number((await ctx.dataSource.query(`SELECT count(*) AS n FROM sessions WHERE sess::jsonb ? 'userId'`))[0].n);

describe('Sign-In with Ethereum (GET /api/auth/challenge, POST /api/auth/web3)', () => {
  let ctx: App;
  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT_AUTH: '10000', PUBLIC_ORIGIN: 'http://tasks.example:8080', CHAIN_ID: '3637' });
  });
  afterAll(() => ctx.close());

  it('issues an EIP-4361 message for this site, chain and address, expiring within 10 minutes', async () => {
    const wallet = Wallet.createRandom();
    const msg = await fetchChallenge(request.agent(ctx.http), wallet.address.toLowerCase());
    expect(msg).toMatchObject({ domain: 'tasks.example:8080', uri: 'http://tasks.example:8080', chainId: 3637, version: '1', address: wallet.address });
    expect(msg.nonce).toMatch(/^[0-9a-f]{32}$/);
    const life = Date.parse(msg.expirationTime!) - Date.parse(msg.issuedAt!);
    expect(life).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(life).toBeGreaterThan(0);
  });

  it('refuses a challenge without a valid address', async () => {
    const res = await request(ctx.http).get('/api/auth/challenge').expect(400);
    expect(res.body.message).toMatch(/wallet address is required/);
    await request(ctx.http).get('/api/auth/challenge?address=0x1234').expect(400);
  });

  it('signs a wallet in: the user is created on the first login only, on a fresh session id', async () => {
    const wallet = Wallet.createRandom();
    const agent = request.agent(ctx.http);
    const challengeRes = await agent.get(`/api/auth/challenge?address=${wallet.address}`).expect(200);
    const preCookie = String(challengeRes.headers['set-cookie']).split(';')[0];
    const message = challengeRes.body.message as string;
    const first = await agent
      .post('/api/auth/web3')
      .send({ walletAddress: wallet.address, signature: await wallet.signMessage(message), message })
      .expect(200);
    expect(first.body).toMatchObject({ walletAddress: wallet.address, username: null, isAdmin: false, isFirstLogin: true });
    expect(first.body.passwordHash).toBeUndefined();
    expect(first.body.password).toBeUndefined();
    const postCookie = String(first.headers['set-cookie']).split(';')[0];
    expect(postCookie).not.toBe(preCookie); // session id regenerated at sign-in
    expect((await agent.get('/api/user').expect(200)).body.id).toBe(first.body.id);
    // The pre-sign-in session id is gone from the store.
    await request(ctx.http).get('/api/user').set('Cookie', preCookie).expect(401);

    const again = await signInWithWallet(request.agent(ctx.http), wallet);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, isFirstLogin: false });
  });

  it('concurrent first logins of one wallet create one user', async () => {
    const wallet = Wallet.createRandom();
    const results = await Promise.all([0, 1, 2, 3].map(() => signInWithWallet(request.agent(ctx.http), wallet)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.body.isFirstLogin)).toHaveLength(1);
    const rows = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE lower(wallet_address) = lower($1)`, [wallet.address]);
    expect(rows[0].n).toBe(1);
  });

  describe('refusals: each answers 4xx and leaves no signed-in session', () => {
    const wallet = Wallet.createRandom();
    const other = Wallet.createRandom();

    async function expectRefused(
      build: (agent: ReturnType<typeof request.agent>, base: SiweMessage) => Promise<{ walletAddress?: string; message: string; signature: string }>,
      status: number,
      text: RegExp,
    ) {
      const agent = request.agent(ctx.http);
      const base = await fetchChallenge(agent, wallet.address);
      const before = await signedInSessions(ctx);
      const body = await build(agent, base);
      const res = await agent.post('/api/auth/web3').send({ walletAddress: wallet.address, ...body });
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(text);
      expect(await signedInSessions(ctx)).toBe(before);
      await agent.get('/api/user').expect(401);
    }

    it('a replayed message (already used once)', async () => {
      const agent = request.agent(ctx.http);
      const base = await fetchChallenge(agent, wallet.address);
      const signed = await signVariant(wallet, base);
      await agent.post('/api/auth/web3').send({ walletAddress: wallet.address, ...signed }).expect(200);
      const before = await signedInSessions(ctx);
      // Replayed on the same browser (now signed in under a new session id) and on a fresh one.
      const same = await agent.post('/api/auth/web3').send({ walletAddress: wallet.address, ...signed });
      expect(same.status).toBe(401);
      const fresh = request.agent(ctx.http);
      const res = await fresh.post('/api/auth/web3').send({ walletAddress: wallet.address, ...signed });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/no sign-in challenge|already used/);
      expect(await signedInSessions(ctx)).toBe(before);
      await fresh.get('/api/user').expect(401);
    });

    it('a replay from the session that asked for it, after a failed attempt burned the nonce', async () => {
      await expectRefused(async (agent, base) => {
        const good = await signVariant(wallet, base);
        await agent.post('/api/auth/web3').send({ walletAddress: wallet.address, message: good.message, signature: (await other.signMessage(good.message)) }).expect(401);
        return good;
      }, 401, /already used/);
    });

    it('a nonce the server never issued', async () => {
      await expectRefused((_a, base) => signVariant(wallet, base, { nonce: 'abcdef0123456789abcdef0123456789' }), 401, /no sign-in challenge/);
    });

    it('a message with a nonce but no challenge on this session', async () => {
      const agent = request.agent(ctx.http);
      const base = await fetchChallenge(request.agent(ctx.http), wallet.address); // issued to another browser
      const signed = await signVariant(wallet, base);
      const res = await agent.post('/api/auth/web3').send({ walletAddress: wallet.address, ...signed });
      expect(res.status).toBe(401);
      await agent.get('/api/user').expect(401);
    });

    it('the wrong domain', async () => {
      await expectRefused((_a, base) => signVariant(wallet, base, { domain: 'evil.example' }), 401, /another site/);
    });

    it('the wrong URI', async () => {
      await expectRefused((_a, base) => signVariant(wallet, base, { uri: 'https://evil.example/login' }), 401, /another address/);
    });

    it('the wrong chain id', async () => {
      await expectRefused((_a, base) => signVariant(wallet, base, { chainId: 1 }), 401, /another network/);
    });

    it('an expired message', async () => {
      const past = Date.now() - 20 * 60 * 1000;
      await expectRefused(
        (_a, base) => signVariant(wallet, base, { issuedAt: new Date(past).toISOString(), expirationTime: new Date(past + 60_000).toISOString() }),
        401,
        /expired/,
      );
    });

    it('a message valid for longer than 10 minutes', async () => {
      await expectRefused(
        (_a, base) => signVariant(wallet, base, { expirationTime: new Date(Date.now() + 3600_000).toISOString() }),
        401,
        /within 10 minutes/,
      );
    });

    it('a message without an expiry', async () => {
      await expectRefused((_a, base) => signVariant(wallet, base, { expirationTime: undefined }), 401, /within 10 minutes/);
    });

    it('a message that is not valid yet', async () => {
      await expectRefused(
        (_a, base) => signVariant(wallet, base, { notBefore: new Date(Date.now() + 5 * 60_000).toISOString() }),
        401,
        /not valid yet/,
      );
    });

    it('a signature by another key', async () => {
      await expectRefused(async (_a, base) => {
        const text = base.prepareMessage();
        return { message: text, signature: await other.signMessage(text) };
      }, 401, /signature does not match/);
    });

    it('walletAddress that is not the signer of the message', async () => {
      await expectRefused(async (_a, base) => ({ ...(await signVariant(wallet, base)), walletAddress: other.address }), 401, /does not match the signed message/);
    });

    it('a message for another address than the challenge was bound to, signed by that address', async () => {
      await expectRefused(async (_a, base) => ({ ...(await signVariant(other, base, { address: other.address })), walletAddress: other.address }), 401, /does not match/);
    });

    it('a malformed message', async () => {
      await expectRefused(async () => {
        const text = 'tasks.example wants you to sign in\nnot really';
        return { message: text, signature: await wallet.signMessage(text) };
      }, 400, /not a valid Sign-In with Ethereum message/);
    });

    it('a malformed body', async () => {
      const agent = request.agent(ctx.http);
      await fetchChallenge(agent, wallet.address);
      const res = await agent.post('/api/auth/web3').send({ walletAddress: wallet.address, signature: 'nope', message: 'x' }).expect(400);
      expect(res.body.message).toBe('Invalid signature');
      await agent.post('/api/auth/web3').send({}).expect(400);
      await agent.get('/api/user').expect(401);
    });
  });
});

describe('ADMIN_WALLETS', () => {
  it('makes a listed wallet admin on its first login, and existing users at start', async () => {
    const listed = Wallet.createRandom();
    const later = Wallet.createRandom();
    const ctx = await startTestApp({ RATE_LIMIT_AUTH: '10000', ADMIN_WALLETS: listed.address });
    let url: string;
    try {
      url = ctx.databaseUrl;
      const res = await signInWithWallet(request.agent(ctx.http), listed);
      expect(res.body).toMatchObject({ isAdmin: true, isFirstLogin: true });
      const plain = await signInWithWallet(request.agent(ctx.http), later);
      expect(plain.body.isAdmin).toBe(false);
    } finally {
      await ctx.close();
    }
    const restarted = await startTestApp({ RATE_LIMIT_AUTH: '10000', ADMIN_WALLETS: `${listed.address},${later.address.toLowerCase()}` }, url);
    try {
      const rows = await restarted.dataSource.query(`SELECT is_admin FROM users WHERE lower(wallet_address) = lower($1)`, [later.address]);
      expect(rows[0].is_admin).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});
