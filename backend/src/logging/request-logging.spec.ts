import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createHttpApp } from '../http/create-http-app';
import { registerWalletUser } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/session-cookie';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

type Line = { level: number; msg: string; service: string; req?: { id: string; method: string; url: string }; res?: { statusCode: number }; responseTime?: number };

async function appLogging(env: Record<string, string>, databaseUrl: string) {
  const written: string[] = [];
  const app: INestApplication = await createHttpApp(testConfig(env), databaseUrl, { write: (s: string) => void written.push(s) });
  await app.init();
  const lines = () => written.map((s) => JSON.parse(s) as Line);
  /** The request's line (written when its answer went out, which may be just after the client read it). */
  const lineOf = async (id: string) => {
    for (let i = 0; i < 100; i++) {
      const line = lines().find((l) => l.req?.id === id);
      if (line) return line;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no log line for request ${id}`);
  };
  return { app, http: app.getHttpServer(), written, lines, lineOf };
}

describe('request logging (pino JSON lines)', () => {
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });

  it('writes one line per request with its id (the caller\'s X-Request-Id or a new one) and duration', async () => {
    const { app, http, lines, lineOf } = await appLogging({ LOG_LEVEL: 'info' }, databaseUrl);
    try {
      const given = await request(http).get('/api/health').set('X-Request-Id', 'lb-7f3a.1').expect(200);
      expect(given.headers['x-request-id']).toBe('lb-7f3a.1');
      const line = await lineOf('lb-7f3a.1');
      expect(line).toMatchObject({ level: 30, service: 'backend', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(line.msg).toBe('GET /api/health 200');

      // No id, or one that could forge a log line: a new one.
      for (const bad of [undefined, 'a b', 'x'.repeat(129), 'line\\nbreak']) {
        const req = request(http).get('/api/tasks/999999');
        const res = await (bad === undefined ? req : req.set('X-Request-Id', bad)).expect(404);
        const id = res.headers['x-request-id'];
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(await lineOf(id)).toMatchObject({ level: 30, res: { statusCode: 404 } });
      }
      expect(lines().filter((l) => l.req?.url === '/api/health')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it("gives the lines written while handling a request that request's id", async () => {
    const { app, http, lines, lineOf } = await appLogging({ LOG_LEVEL: 'info' }, await createTestDatabase());
    try {
      await app.get(DataSource).destroy();
      await request(http).get('/api/health').set('X-Request-Id', 'db-down-1').expect(503);
      expect(await lineOf('db-down-1')).toMatchObject({ level: 50, res: { statusCode: 503 } });
      const during = lines().filter((l) => (l as { reqId?: string }).reqId === 'db-down-1' && !l.req);
      expect(during.map((l) => l.msg)).toEqual([expect.stringMatching(/^database unavailable/)]);
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('logs a live-update stream its client closed at info (its normal end), not as a failed request', async () => {
    const { app, http, lineOf } = await appLogging({ LOG_LEVEL: 'info' }, databaseUrl);
    try {
      const user = await registerWalletUser(app.get(CommandBus));
      const cookie = await sessionCookieFor(app.get(DataSource), user.id);
      const port = await new Promise<number>((resolve) => {
        const server = http.listen(0, () => resolve((server.address() as { port: number }).port));
      });
      // A page closed: the stream's first bytes arrived, then the client went away.
      const closed = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/events/stream`, { headers: { cookie, 'x-request-id': 'sse-closed' }, signal: closed.signal });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await res.body!.getReader().read();
      closed.abort();
      expect(await lineOf('sse-closed')).toMatchObject({ level: 30, msg: 'GET /api/events/stream 200 closed', res: { statusCode: 200 } });
      http.closeAllConnections(); // fetch's kept-alive socket would hold app.close() for its 4 s
    } finally {
      await app.close();
    }
  });

  it('never writes cookies, passwords or other headers', async () => {
    const { app, http, written, lineOf } = await appLogging({ LOG_LEVEL: 'trace' }, databaseUrl);
    try {
      const user = await registerWalletUser(app.get(CommandBus));
      const cookie = await sessionCookieFor(app.get(DataSource), user.id);
      await request(http).get('/api/notifications').set('Cookie', cookie).set('Authorization', 'Bearer tok-abc').set('X-Request-Id', 'secret-check').expect(200);
      await request(http).post('/api/login').set('X-Request-Id', 'login-check').send({ username: 'nobody', password: 'hunter2-and-more' }).expect(401);
      await lineOf('secret-check');
      await lineOf('login-check');
      const all = written.join('');
      for (const secret of [cookie, cookie.split('=')[1], 'tok-abc', 'hunter2-and-more', 'cent.sid']) expect(all).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it('writes nothing at LOG_LEVEL=silent (the tests\' level)', async () => {
    const { app, http, written } = await appLogging({ LOG_LEVEL: 'silent' }, databaseUrl);
    try {
      await request(http).get('/api/health').expect(200);
      await request(http).get('/api/tasks/999999').expect(404);
    } finally {
      await app.close();
    }
    expect(written).toEqual([]);
  });
});
