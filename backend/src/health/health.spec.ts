import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { registerWalletUser } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/session-cookie';

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable and 503 once it is not', async () => {
    const ctx = await startTestApp();
    try {
      await request(ctx.http).get('/api/health').expect(200, { status: 'ok', database: 'up' });
      // The session store is PostgreSQL too: a session row made for a user is accepted as a cookie.
      const user = await registerWalletUser(ctx.commands);
      expect(await sessionCookieFor(ctx.dataSource, user.id)).toMatch(/^cent\.sid=s%3A/);
      await ctx.dataSource.destroy();
      const res = await request(ctx.http).get('/api/health').expect(503);
      expect(res.body.message).toBe('Database unreachable');
    } finally {
      await ctx.app.close().catch(() => undefined);
    }
  });
});

describe('GET /api/health/ready', () => {
  it('is ready on a database the indexer has not run on yet (its tables are its own): no checkpoint, not a fault', async () => {
    const ctx = await startTestApp();
    try {
      const res = await request(ctx.http).get('/api/health/ready').expect(200);
      expect({ status: res.body.status, database: res.body.database.status, error: res.body.database.error, indexer: res.body.indexer }).toEqual({
        status: 'ready', database: 'up', error: null, indexer: { checkpointBlock: null, checkpointAt: null, lagBlocks: null },
      });
    } finally {
      await ctx.app.close().catch(() => undefined);
    }
  });
});
