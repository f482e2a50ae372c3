import * as fs from 'node:fs';
import * as path from 'node:path';
import { static as serveStatic, type RequestHandler } from 'express';
import { AppConfig, REPO_ROOT } from '../config/app-config';

/** Paths of the app: everything but `/api/...` and the Prometheus endpoint `/metrics`. */
const NOT_API = /^\/(?!api(\/|$)|metrics$)/;

/**
 * Serves the built browser app on the API's port: its files (Vite's hashed `assets/` cached for a year,
 * immutable), and index.html (never cached, so a new deployment is picked up at once) for every other
 * GET outside `/api`, which the app's router then resolves (its own 404 included). `/api/*` is left to
 * Nest, so an unknown API path stays a JSON 404. Without a build (`frontend/dist`) nothing is served.
 */
export function serveFrontend(config: AppConfig): RequestHandler | null {
  const dist = config.FRONTEND_DIST ?? path.join(REPO_ROOT, 'frontend', 'dist');
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const files = serveStatic(dist, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      const hashed = path.relative(dist, file).startsWith(`assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !NOT_API.test(req.path)) return next();
    files(req, res, () => {
      // A missing hashed asset is a real 404 (a stale page asking for an old build), not the app.
      if (req.path.startsWith('/assets/')) return res.status(404).type('text/plain').send('Not found');
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexFile);
    });
  };
}
