import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { childOutput } from '../../test/child-output';
import { freePort } from '../../test/free-port';
import { createTestDatabase } from '../../test/test-database';
import { TEST_SESSION_SECRET } from '../../test/session-cookie';
import { startTestApp } from '../../test/test-app';

const BACKEND = path.resolve(__dirname, '..', '..');
/** Runs a TypeScript entry of this repository from source, `@cent/*` included (as `npm start` does with START_FROM_SOURCE). */
const RUN_TS = path.resolve(BACKEND, '..', 'indexer', 'bin', 'run-ts.js');

/**
 * The server as a deploy stops it: the real process (src/main.ts), SIGTERM. It must close once and exit 0
 * with no error logged. Nest's own signal hooks (enableShutdownHooks) ran the shutdown hooks a second time
 * beside main's close, racing it: when Nest's pass came second it ended the session store's pool again, logged
 * "Called end on pool more than once" as an error and exited 1 (seen in bench:api's servers). Which pass wins
 * depends on timing, so the first test checks the cause itself: no signal handler of the app's own.
 */
describe('the backend process stops cleanly on SIGTERM', () => {
  jest.setTimeout(120_000);

  it('the app adds no signal handler of its own: main.ts closes it, once', async () => {
    const before = ['SIGTERM', 'SIGINT'].map((s) => process.listenerCount(s));
    const ctx = await startTestApp();
    try {
      expect(['SIGTERM', 'SIGINT'].map((s) => process.listenerCount(s))).toEqual(before);
    } finally {
      await ctx.close();
    }
  });

  it('closes once, logs no error and exits 0', async () => {
    const port = await freePort();
    const proc = spawn(process.execPath, [RUN_TS, path.join(BACKEND, 'src', 'main.ts')], {
      cwd: BACKEND,
      env: {
        ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: String(port), DATABASE_URL: await createTestDatabase('shutdown'),
        SESSION_SECRET: TEST_SESSION_SECRET, PUBLIC_ORIGIN: `http://localhost:${port}`, RPC_URL: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = childOutput(proc, 'CENT Tasks API on', 'the server');
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    try {
      await out.ready;
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      const errors = out.text().split('\n').filter((line) => line.includes('"level":50') || line.includes('"level":60'));
      expect(errors).toEqual([]);
    } finally {
      // A failed step must not leave the server running.
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
  });
});
