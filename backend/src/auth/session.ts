import { OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Pool } from 'pg';
import { AppConfig } from '../config/app-config';
import { DatabaseTimeouts, pgConnectionOptions } from '../database/pg-connection-options';

export const SESSION_COOKIE = 'cent.sid';
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** SIWE nonce issued by GET /api/auth/challenge, consumed once by POST /api/auth/web3. */
    siwe?: { nonce: string; address?: string; issuedAt: string; expiresAt: string };
  }
}

/**
 * The session secret: SESSION_SECRET in production; elsewhere a random one generated once and kept under
 * DATA_DIR, so sessions survive restarts without a secret in the repository.
 */
export function sessionSecret(config: AppConfig): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production');
  const file = path.join(config.DATA_DIR, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * The session store's own connection pool, a provider so it closes with the application. It has the
 * services' database timeouts, and listens for errors: an idle connection dropped by a PostgreSQL restart
 * makes a pool emit 'error', which without a listener ended the process. The request that needs the
 * session then gets 503 (ApiErrorFilter), and the pool connects afresh once the database is back.
 */
export class SessionPool implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(databaseUrl: string, timeouts: DatabaseTimeouts) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 10, ...pgConnectionOptions(timeouts) });
    this.pool.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Public reads that never start a session: a signed-out visitor browsing tasks (most of the traffic) needs no
 * session object, and express-session would make one per request (a random id, a hash of it) only to drop it
 * unsaved. Everything else, and any request carrying our cookie, goes through express-session as before.
 */
function isSessionlessRead(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path !== '/api/health' && req.path !== '/api/health/ready' && req.path !== '/api/tasks' && !req.path.startsWith('/api/tasks/')) return false;
  return !req.headers.cookie?.includes(`${SESSION_COOKIE}=`);
}

/** express-session with its store in PostgreSQL: HttpOnly, SameSite=Lax, Secure behind HTTPS. */
export function sessionMiddleware(config: AppConfig, pool: Pool): RequestHandler {
  const withSession = sessions(config, pool);
  return (req, res, next) => (isSessionlessRead(req) ? next() : withSession(req, res, next));
}

function sessions(config: AppConfig, pool: Pool): RequestHandler {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE,
    secret: sessionSecret(config),
    store: throttleTouches(new PgStore({ pool, tableName: 'sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 })),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicOrigin.startsWith('https://'),
      maxAge: SESSION_TTL_MS,
      path: '/',
    },
  });
}

/** How long a session's stored expiry may lag its rolling cookie (a minute of a week). */
const TOUCH_EVERY_MS = 60_000;
const MAX_TOUCHED = 100_000;

/**
 * A rolling session moves its expiry on every request, and the store writes it each time (an UPDATE with a
 * durable commit): one write per signed-in read, queued on the session pool in front of every signed-in
 * request. A session this process touched within the last minute keeps its stored expiry instead, which is
 * then at most a minute short of the cookie's.
 */
function throttleTouches<S extends session.Store>(store: S): S {
  const touch = store.touch?.bind(store);
  if (!touch) return store;
  const touched = new Map<string, number>();
  store.touch = (sid, sess, callback) => {
    const now = Date.now();
    const last = touched.get(sid);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return callback?.();
    touched.delete(sid);
    if (touched.size >= MAX_TOUCHED) touched.delete(touched.keys().next().value as string);
    touched.set(sid, now);
    touch(sid, sess, callback);
  };
  return store;
}
