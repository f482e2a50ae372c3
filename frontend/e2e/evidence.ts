import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach } from 'vitest';
import { ARTIFACTS, openSessions } from './browser';

/**
 * Setup file of the journeys: when a step fails, every open browser's page is saved under
 * artifacts/failures and its URL, toasts and the wallet's last requests are printed, so a failure on CI
 * (or a wait that ran out) says what the person would have seen.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const dir = path.join(ARTIFACTS, '..', 'failures');
  fs.mkdirSync(dir, { recursive: true });
  const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  let n = 0;
  for (const s of openSessions) {
    const file = path.join(dir, `${name}-${n++}.png`);
    const shown = await s.page.screenshot({ path: file, fullPage: true }).then(() => file, (e: Error) => `no screenshot: ${e.message}`);
    const toasts = await s.page.locator('[data-scope="toast"][data-part="root"]').allTextContents().catch(() => []);
    const wallet = (s.wallet?.log ?? []).slice(-8).map((e) => `${e.method}${e.error ? ` -> error ${e.error.code} ${e.error.message}` : ''}`);
    console.error(`[evidence] ${task.name}\n  url: ${s.page.url()}\n  screenshot: ${shown}\n  toasts: ${JSON.stringify(toasts)}\n  wallet: ${wallet.join(' | ')}`);
  }
});
