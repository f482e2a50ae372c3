import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AUTH_MESSAGES } from './auth.messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request (POST, PUT, PATCH, DELETE), by origin checks rather than
 * tokens:
 * 1. `Sec-Fetch-Site: cross-site` (sent by every current browser) → 403.
 * 2. `Origin` present and not PUBLIC_ORIGIN (or one of ALLOWED_ORIGINS) → 403. Without `Origin`, the
 *    origin of `Referer` is checked the same way.
 * 3. A body must be JSON or multipart (else 415): the only bodies an old browser could send cross-site
 *    without CORS preflight are urlencoded / text/plain forms, and JSON cannot be sent cross-site without
 *    a preflight we never grant (no CORS headers are served).
 * Requests with neither header (curl, server-to-server, tests) pass: browsers always send one of them on
 * cross-site POSTs, and the session cookie is SameSite=Lax, so a cross-site subrequest carries no session
 * anyway. This is defence in depth on top of SameSite.
 */
@Injectable()
export class CsrfMiddleware implements NestMiddleware {
  private readonly allowed: Set<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowed = new Set([config.publicOrigin, ...config.ALLOWED_ORIGINS].flatMap((o) => loopbackSpellings(new URL(o))));
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method)) return next();
    const refuse = (status: number, message: string) => {
      res.status(status).json({ message });
    };
    if (req.headers['sec-fetch-site'] === 'cross-site') return refuse(403, AUTH_MESSAGES.crossSite);
    const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    if (origin !== undefined && !this.allowed.has(origin)) return refuse(403, AUTH_MESSAGES.crossSite);
    if (hasBody(req) && !req.is(['application/json', 'multipart/form-data'])) {
      return refuse(415, AUTH_MESSAGES.unsupportedContentType);
    }
    next();
  }
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A local site (a loopback origin, as `npm start` serves it) is reached as http://localhost:3000 or as
 * http://127.0.0.1:3000 depending on what the user typed; the browser sends whichever it is as `Origin`.
 * Same scheme and port, only the loopback spelling differs: the same server, so all spellings are allowed.
 * Any other origin is itself only.
 */
function loopbackSpellings(url: URL): string[] {
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}

/** undefined when the header is absent; the origin string, or 'invalid' ("null" origins included). */
function originOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  try {
    const origin = new URL(header).origin;
    return origin === 'null' ? 'invalid' : origin;
  } catch {
    return 'invalid';
  }
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
