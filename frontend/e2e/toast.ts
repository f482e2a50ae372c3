import type { Page } from 'playwright-core';

/** Waits until a toast shows this title and description together (one toast at a time, spec §9). */
export async function expectToastText(page: Page, title: string, description: string): Promise<void> {
  await page
    .locator('[data-scope="toast"][data-part="root"]')
    .filter({ hasText: title })
    .filter({ hasText: description })
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
}
