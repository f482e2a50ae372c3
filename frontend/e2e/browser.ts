import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { injectWallet, type InjectedWallet } from './injected-wallet.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const ARTIFACTS = path.resolve(import.meta.dirname, '..', 'artifacts', 'screenshots');
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Every browser still open: on a failure, e2e/evidence.ts saves what each one showed. */
export const openSessions = new Set<Session>();

export interface Session {
  context: BrowserContext;
  page: Page;
  wallet: InjectedWallet | null;
  close(): Promise<void>;
}

/** A fresh Chromium profile (own cookies), optionally with an injected wallet signing with `privateKey`. */
export async function openBrowser(opts: {
  rpcUrl?: string;
  privateKey?: string;
  approve?: (method: string, params: unknown) => boolean | Promise<boolean>;
  unsupported?: string[];
  viewport?: { width: number; height: number };
  userAgent?: string;
} = {}): Promise<Session> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-pw-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: opts.viewport ?? DESKTOP,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
  const wallet =
    opts.privateKey && opts.rpcUrl ? await injectWallet(context, { rpcUrl: opts.rpcUrl, privateKey: opts.privateKey, approve: opts.approve, unsupported: opts.unsupported }) : null;
  // The machine is shared by many engineers: give a slow page time (waits end as soon as the page shows it).
  context.setDefaultTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  // Surface page errors in the test output (a React crash would otherwise be a silent blank page).
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  const session: Session = {
    context,
    page,
    wallet,
    close: async () => {
      openSessions.delete(session);
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  openSessions.add(session);
  return session;
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `axe violations on ${label}`).toEqual([]);
}

/** Full-page screenshots at desktop (1440) and phone (390) widths under frontend/artifacts/screenshots. */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [suffix, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150); // layout settles after the resize (a screenshot, not an assertion)
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${suffix}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** Waits until no CSS animation or transition runs (a dialog half faded in fails contrast checks). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** Accessibility check plus screenshots: what every journey does on every page it visits. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await settle(page);
  await expectAccessible(page, name);
  await screenshots(page, name);
}
