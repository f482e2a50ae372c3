import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Unit and component tests (jsdom). The browser journeys have their own config: vitest.e2e.config.ts.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['src/testing/setup.ts'],
      css: false,
      pool: 'threads',
      maxWorkers: 2,
      // jsdom + Chakra renders take seconds on a busy 2-core machine.
      testTimeout: 30_000,
    },
  }),
);
