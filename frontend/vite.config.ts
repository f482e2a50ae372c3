import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { criticalPreload } from './build/critical-preload.ts';
import { precompress } from './build/precompress.ts';
import { FEATURED_COUNT } from './src/features/tasks/constants.ts';
import { DEFAULT_FILTERS, filtersToQuery } from './src/features/tasks/filters.ts';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Chakra's theme pieces one file each (src/app/system.ts, src/components/ui): importing the
// '@chakra-ui/react/theme' barrel pulls every recipe of Chakra into the entry chunk.
const chakraTheme = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm', 'theme');

// `npm run dev -w frontend`: the app on Vite with /api proxied to a running backend (BACKEND_URL, default :3000).
// The backend must list the dev origin in ALLOWED_ORIGINS for state-changing requests (CSRF check).
export default defineConfig({
  // precompress: brotli + gzip copies of the build, served as they are (backend/src/site/serve-frontend.ts).
  // criticalPreload: the reads and the lazy page chunk a page needs start with the HTML (the URLs from the
  // app's own helpers, so they are the ones it requests).
  plugins: [
    react(),
    criticalPreload(['/api/config', '/api/user'], [
      { path: '^/$', data: [`/api/tasks?limit=${FEATURED_COUNT}`] },
      { path: '^/tasks/?$', module: 'src/app/routes/tasks.tsx', data: [`/api/tasks?${filtersToQuery(DEFAULT_FILTERS)}`] },
      { path: '^/tasks/[^/]+/escrow/?$', module: 'src/app/routes/escrow-audit.tsx' },
      { path: '^/explorer(/|$)', module: 'src/app/routes/explorer.tsx' },
    ]),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^chakra-theme\/(.*)$/, replacement: `${chakraTheme}/$1.js` },
    ],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: process.env.BACKEND_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
});
