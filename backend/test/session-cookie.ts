import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../src/auth/session';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const signature = require('cookie-signature') as { sign(value: string, secret: string): string };

export const TEST_SESSION_SECRET = 'test-session-secret-test-session-secret';

/**
 * A real session row in the PostgreSQL session store for `userId`, and the signed cookie that selects
 * it: lets route tests act as any user without going through a sign-in flow (those flows have their own
 * tests in auth/).
 */
export async function sessionCookieFor(dataSource: DataSource, userId: number): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + SESSION_TTL_MS);
  const sess = { cookie: { originalMaxAge: SESSION_TTL_MS, expires, httpOnly: true, path: '/', sameSite: 'lax' }, userId };
  await dataSource.query(`INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)`, [sid, JSON.stringify(sess), expires]);
  return `${SESSION_COOKIE}=${encodeURIComponent('s:' + signature.sign(sid, TEST_SESSION_SECRET))}`;
}
