import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// `npm run dev -w frontend`: the app on Vite with /api proxied to a running backend (BACKEND_URL, default :3000).
// The backend must list the dev origin in ALLOWED_ORIGINS for state-changing requests (CSRF check).
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: process.env.BACKEND_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
});
