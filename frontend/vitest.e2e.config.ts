import { defineConfig } from 'vitest/config';

// Browser journeys: Chromium (playwright-core) against the real product started once (e2e/global-setup.ts).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // On a failure: a screenshot of every open browser and the wallet's last requests (e2e/evidence.ts).
    setupFiles: ['e2e/evidence.ts'],
    // One journey at a time: they share one product and this machine has 2 cores.
    fileParallelism: false,
    // Generous: the machine is shared; a journey waits on what the page shows, never on a clock.
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
