import { Client } from 'pg';
import request from 'supertest';
import { createTestDatabase } from '../../test/test-database';
import { startTestApp } from '../../test/test-app';
import { registerWalletUser, taskInput } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/session-cookie';
import { startOwnPostgres } from '../../test/own-postgres';
import { startTcpProxy } from '../../test/tcp-proxy';
import { eventually } from '../../test/eventually';

/** Short timeouts so a fault is answered within a test's patience (production: 3 s, 5 s, 10 s, 1 s). */
const FAST = {
  LIST_CACHE_TTL_MS: '0',
  DB_CONNECT_TIMEOUT_MS: '500',
  DB_STATEMENT_TIMEOUT_MS: '1000',
  REQUEST_TIMEOUT_MS: '3000',
  HEALTH_TIMEOUT_MS: '500',
};
const UNAVAILABLE = 'The database is unavailable. Please try again shortly.';

function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  return work().then((value) => ({ value, ms: Date.now() - t0 }));
}

/** Requests that each reach the database through a different pool: typeorm's, the session store's, the rate limiter's. */
function outageProbes(http: unknown, cookie: string) {
  return [
    ['GET /api/tasks (typeorm)', () => request(http as never).get('/api/tasks')],
    ['GET /api/user (session store)', () => request(http as never).get('/api/user').set('Cookie', cookie)],
    ['POST /api/tasks (session store, then a command)', () => request(http as never).post('/api/tasks').set('Cookie', cookie).send({ ...taskInput(), deadline: new Date(Date.now() + 864e5).toISOString() })],
    ['POST /api/login (rate limits)', () => request(http as never).post('/api/login').send({ username: 'someone', password: 'whatever-password' })],
  ] as const;
}

describe('PostgreSQL restarted, frozen or refusing: answered with 503 and Retry-After, never a crash or a hang', () => {
  it('a restart: the request in flight and every request during the outage get 503 + Retry-After; the process heals by itself', async () => {
    const pg = await startOwnPostgres();
    const ctx = await startTestApp(FAST, pg.url);
    const locker = new Client({ connectionString: pg.url });
    locker.on('error', () => undefined);
    try {
      const user = await registerWalletUser(ctx.commands);
      const cookie = await sessionCookieFor(ctx.dataSource, user.id);
      // Every pool has an idle connection when PostgreSQL goes (the session store's crashed the process). On a
      // loaded machine a pool's first connection may take longer than FAST's 500 ms connect timeout (a 503):
      // each is asked until it answers, so the outage below starts with every pool connected.
      const warm = (probe: () => request.Test, status: number) => eventually(async () => (await probe()).status === status, 20_000, `${status}`);
      await warm(() => request(ctx.http).get('/api/user').set('Cookie', cookie), 200);
      await warm(() => request(ctx.http).get('/api/tasks'), 200);
      await warm(() => request(ctx.http).post('/api/login').send({ username: 'someone', password: 'whatever-password' }), 401);

      // A request in flight: its SELECT waits behind a lock when PostgreSQL goes down. An immediate shutdown
      // (every server process quits at once, as in a crash): a fast one may end the lock holder's session
      // first, and the waiting SELECT would then complete before its own session is ended.
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE tasks IN ACCESS EXCLUSIVE MODE');
      const inFlight = request(ctx.http).get('/api/tasks').then((r) => r);
      await eventually(async () => (await locker.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND relation = 'tasks'::regclass`)).rowCount === 1, 5_000, 'the request waiting on the lock');
      await pg.stop('immediate');
      const answered = await inFlight;
      expect({ status: answered.status, retryAfter: answered.headers['retry-after'], body: answered.body }).toEqual({ status: 503, retryAfter: '5', body: { message: UNAVAILABLE } });

      for (const [what, probe] of outageProbes(ctx.http, cookie)) {
        const res = await probe();
        expect({ what, status: res.status, retryAfter: res.headers['retry-after'], message: res.body.message }).toEqual({ what, status: 503, retryAfter: '5', message: UNAVAILABLE });
      }
      const health = await request(ctx.http).get('/api/health');
      expect({ status: health.status, retryAfter: health.headers['retry-after'] }).toEqual({ status: 503, retryAfter: '5' });

      // Back: the same process answers again, through every pool, without a restart.
      await pg.start();
      await eventually(async () => (await request(ctx.http).get('/api/user').set('Cookie', cookie)).status === 200, 20_000, 'the session store back');
      await request(ctx.http).get('/api/tasks').expect(200);
      await request(ctx.http).get('/api/health').expect(200, { status: 'ok', database: 'up' });
      const created = await request(ctx.http).post('/api/tasks').set('Cookie', cookie).send({ ...taskInput(), deadline: new Date(Date.now() + 864e5).toISOString() });
      expect(created.status).toBe(201);
      await request(ctx.http).get(`/api/tasks/${created.body.id}`).set('Cookie', cookie).expect(200);
    } finally {
      await locker.end().catch(() => undefined);
      await ctx.app.close().catch(() => undefined);
      await pg.remove();
    }
  }, 120_000);

  it('frozen (no byte answered) and then refusing connections: 503 within the timeouts, health says so, and it heals', async () => {
    const proxy = await startTcpProxy(await createTestDatabase());
    const ctx = await startTestApp(FAST, proxy.url);
    try {
      const user = await registerWalletUser(ctx.commands);
      const cookie = await sessionCookieFor(ctx.dataSource, user.id);
      await request(ctx.http).get('/api/user').set('Cookie', cookie).expect(200);

      proxy.freeze();
      for (const [what, probe] of outageProbes(ctx.http, cookie)) {
        const { value: res, ms } = await timed(async () => probe());
        // Connect 0.5 s, statement 1 s, request 3 s: never the hang it was (forever, or until a TCP timeout).
        expect({ what, status: res.status, retryAfter: res.headers['retry-after'], late: ms > 4_000 }).toEqual({ what, status: 503, retryAfter: '5', late: false });
      }
      const { value: health, ms: healthMs } = await timed(async () => request(ctx.http).get('/api/health'));
      expect({ status: health.status, late: healthMs > 2_000 }).toEqual({ status: 503, late: false });
      const { value: ready, ms: readyMs } = await timed(async () => request(ctx.http).get('/api/health/ready'));
      expect({ status: ready.status, database: ready.body.database?.status, late: readyMs > 2_000 }).toEqual({ status: 503, database: 'down', late: false });

      proxy.thaw();
      await eventually(async () => (await request(ctx.http).get('/api/user').set('Cookie', cookie)).status === 200, 20_000, 'thawed');
      await request(ctx.http).get('/api/health/ready').expect(200);

      // Refusing connections (reset and refused): 503 at once.
      await proxy.cut();
      for (const [what, probe] of outageProbes(ctx.http, cookie)) {
        const { value: res, ms } = await timed(async () => probe());
        expect({ what, status: res.status, retryAfter: res.headers['retry-after'], late: ms > 4_000 }).toEqual({ what, status: 503, retryAfter: '5', late: false });
      }
      await proxy.restore();
      await eventually(async () => (await request(ctx.http).get('/api/user').set('Cookie', cookie)).status === 200, 20_000, 'restored');
      await request(ctx.http).get('/api/tasks').expect(200);
    } finally {
      proxy.thaw();
      await proxy.restore().catch(() => undefined);
      await ctx.app.close().catch(() => undefined);
      await proxy.close();
    }
  }, 120_000);

  it('a request waiting past REQUEST_TIMEOUT_MS (here behind a lock, no statement timeout) is answered 503 at its deadline', async () => {
    const url = await createTestDatabase();
    const ctx = await startTestApp({ ...FAST, DB_STATEMENT_TIMEOUT_MS: '0', REQUEST_TIMEOUT_MS: '1000' }, url);
    const locker = new Client({ connectionString: url });
    try {
      await request(ctx.http).get('/api/tasks').expect(200);
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE tasks IN ACCESS EXCLUSIVE MODE');
      const { value: res, ms } = await timed(async () => request(ctx.http).get('/api/tasks'));
      expect({ status: res.status, retryAfter: res.headers['retry-after'], message: res.body.message, late: ms > 3_000 }).toEqual({
        status: 503, retryAfter: '5', message: 'The request took too long to answer. Please try again shortly.', late: false,
      });
      // The database itself is fine: the lock goes, the next request is answered.
      await locker.query('ROLLBACK');
      await request(ctx.http).get('/api/tasks').expect(200);
    } finally {
      await locker.end().catch(() => undefined);
      await ctx.app.close().catch(() => undefined);
    }
  }, 60_000);
});
