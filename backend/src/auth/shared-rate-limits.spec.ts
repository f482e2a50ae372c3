import request from 'supertest';
import { Replica, startReplica } from '../../test/replica';
import { PgThrottlerStorage } from './pg-throttler.storage';

/** Two replicas on one database count into the same rate-limit window. */
describe('rate limits shared by replicas (PostgreSQL storage)', () => {
  let a: Replica;
  let b: Replica;
  beforeAll(async () => {
    // Windows are fixed (aligned to multiples of the window): a day-long one keeps a window boundary, which would
    // reset the count half-way, out of this test.
    const env = { RATE_LIMIT_AUTH: '6', RATE_LIMIT_WINDOW_MS: '86400000' };
    a = await startReplica(env);
    b = await startReplica(env, a.databaseUrl);
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
  });

  const login = (r: Replica) => request(r.http).post('/api/login').send({ username: 'nobody', password: 'whatever1' });

  it('N replicas allow what one does: the limit holds across them, also for concurrent requests', async () => {
    // Alternating replicas: 6 allowed in all, the 7th refused wherever it lands.
    for (let i = 0; i < 6; i++) await login(i % 2 ? b : a).expect(401);
    await login(a).expect(429, { message: 'Too many requests. Please try again later.' });
    await login(b).expect(429);

    // Concurrent requests to both replicas on another route: exactly the limit gets through.
    const challenge = (r: Replica) => request(r.http).get('/api/auth/challenge?address=0x' + '22'.repeat(20));
    const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => challenge(i % 2 ? a : b)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });

  it('a new window starts from zero and ended windows are swept', async () => {
    const storage = a.app.get(PgThrottlerStorage);
    const ttl = 60_000;
    const first = await storage.increment('k', ttl, 2, ttl, 'test');
    expect(first).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    await storage.increment('k', ttl, 2, ttl, 'test');
    const third = await b.app.get(PgThrottlerStorage).increment('k', ttl, 2, ttl, 'test');
    expect(third).toMatchObject({ totalHits: 3, isBlocked: true });
    expect(third.timeToBlockExpire).toBeGreaterThan(0);
    expect(third.timeToBlockExpire).toBeLessThanOrEqual(60);

    // A window that has ended (its row backdated) is swept and the key counts from zero again.
    await a.dataSource.query(`UPDATE rate_limits SET expires_at = now() - interval '1 second', window_start = window_start - $1 WHERE key = 'test:k'`, [ttl]);
    expect(await storage.sweep()).toBeGreaterThanOrEqual(1);
    expect(await a.dataSource.query(`SELECT 1 FROM rate_limits WHERE key = 'test:k'`)).toHaveLength(0);
    expect(await storage.increment('k', ttl, 2, ttl, 'test')).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});
