import * as fs from 'node:fs';
import * as path from 'node:path';
import { static as serveStatic, type Request, type RequestHandler, type Response } from 'express';
import { AppConfig, REPO_ROOT } from '../config/app-config';

/** Paths of the app: everything but `/api/...` and the Prometheus endpoint `/metrics`. */
const NOT_API = /^\/(?!api(\/|$)|metrics$)/;
const BUILT_IN_EXPLORER = /^\/explorer(\/|$)/;
const HASHED = 'public, max-age=31536000, immutable';
/** Files the build precompressed (frontend/build/precompress.ts): sent with Vary even when sent raw. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Which precompressed copy a client takes: brotli before gzip, each only if Accept-Encoding lists it with a
 * q-value above 0 (or `*`). Null: send the file as it is.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return ENCODINGS.find((e) => accepts(e.name))?.name ?? null;
}

/**
 * Serves the built browser app on the API's port: its files (Vite's hashed `assets/` cached for a year,
 * immutable; everything else revalidated), brotli or gzip copies precompressed at build time when the client
 * accepts them (Content-Encoding, Vary: Accept-Encoding), and index.html (never cached, so a new deployment is
 * picked up at once) for every other GET outside `/api`, which the app's router then resolves (its own 404
 * included). `/api/*` is left to Nest, so an unknown API path stays a JSON 404. With EXPLORER_URL set, the
 * built-in explorer's pages (`/explorer/...`) answer 404 (the app, which says where explorer links go).
 * Without a build (`frontend/dist`) nothing is served.
 */
export function serveFrontend(config: AppConfig): RequestHandler | null {
  const dist = path.resolve(config.FRONTEND_DIST ?? path.join(REPO_ROOT, 'frontend', 'dist'));
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const cacheControlOf = (file: string) => (path.relative(dist, file).startsWith(`assets${path.sep}`) ? HASHED : 'no-cache');
  const files = serveStatic(dist, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', cacheControlOf(file));
      if (COMPRESSIBLE.test(file)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  /** Sends a precompressed copy of `file` if the client takes one and the build made one; false otherwise. */
  const sendCompressed = (req: Request, res: Response, file: string, status = 200): boolean => {
    if (!COMPRESSIBLE.test(file)) return false;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const copy = encoding && `${file}${ENCODINGS.find((e) => e.name === encoding)!.suffix}`;
    if (!copy || !fs.existsSync(copy)) return false;
    res.status(status);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControlOf(file));
    // The type of the file, not of its .br / .gz copy.
    res.type(path.extname(file));
    res.sendFile(copy, { acceptRanges: false, dotfiles: 'deny' });
    return true;
  };

  const sendIndex = (req: Request, res: Response, status = 200) => {
    if (sendCompressed(req, res, indexFile, status)) return;
    res.status(status);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.sendFile(indexFile);
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !NOT_API.test(req.path)) return next();
    if (!config.builtInExplorer && BUILT_IN_EXPLORER.test(req.path)) return sendIndex(req, res, 404);
    const file = requestedFile(dist, req.path);
    if (file && sendCompressed(req, res, file)) return;
    files(req, res, () => {
      // A missing hashed asset is a real 404 (a stale page asking for an old build), not the app.
      if (req.path.startsWith('/assets/')) return res.status(404).type('text/plain').send('Not found');
      sendIndex(req, res);
    });
  };
}

/** The file under `dist` a path names, if it is one (never outside `dist`, never a directory). */
function requestedFile(dist: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(dist, decoded);
  if (!file.startsWith(dist + path.sep)) return null;
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}
