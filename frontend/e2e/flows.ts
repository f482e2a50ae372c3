import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until a toast with this title is on screen (one toast at a time, spec §9). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await toast.first().waitFor({ state: 'visible', timeout: 30_000 }).catch(async (e) => {
    const shown = await page.locator('[data-scope="toast"][data-part="root"]').allTextContents();
    throw new Error(`no toast "${title}" (on screen: ${JSON.stringify(shown)})`, { cause: e });
  });
  if (description !== undefined) expect(await toast.first().textContent()).toContain(description);
  // Closed once read with its close button (a toast under the pointer pauses and could cover the next button).
  // It may already have been replaced by the next toast (one at a time): only a toast still shown must close.
  const shown = toast.first();
  await shown.locator('[data-part="close-trigger"]').click({ timeout: 10_000 }).catch(async (e) => {
    if (await shown.isVisible()) throw e;
  });
  await shown.waitFor({ state: 'hidden' });
}

/** Opens the header's "Connect Wallet" dialog (the one way in: the wallets on offer, and password sign-in). */
export async function openConnectWallet(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await dialog.waitFor();
  return dialog;
}

/** Header "Connect Wallet", then the injected wallet in the connect dialog: SIWE; on a first login the username dialog answers. */
export async function signInWithWallet(page: Page, baseUrl: string, username?: string): Promise<void> {
  if (!page.url().startsWith(baseUrl)) await page.goto(baseUrl + '/');
  await (await openConnectWallet(page)).getByRole('button', { name: 'Test Wallet' }).click();
  await expectToast(page, 'Authentication successful');
  const dialog = page.getByRole('dialog', { name: 'Choose a username' });
  if (username) {
    await dialog.waitFor();
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Save username' }).click();
    await expectToast(page, 'Username set successfully');
    await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
  }
}

/** A distinct name per run, 3–20 letters/digits/underscores. */
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`;

/** Drags the toast with this title `dx` px to the right with the mouse (spec §9: a 50 px swipe dismisses it). */
export async function swipeToast(page: Page, title: string, dx: number): Promise<void> {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title }).first();
  await toast.waitFor();
  const box = (await toast.locator('[data-part="title"]').boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 5 + dx, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
}
