import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import type { Page } from 'playwright-core';
import { createFundedTask, newWallet, signInApi, type CreatedTask } from './actors';
import { checkPage, DESKTOP, openBrowser, PHONE, type Session } from './browser';

/**
 * People's text may be one unbroken run of characters (a pasted hash, a URL, a joke): a title at its limit of 300
 * characters with no space, and a description of the same. It wraps inside its card and dialog at phone and
 * desktop widths instead of pushing the page sideways (it was 4,000 px wider than a phone).
 */
describe('long unbroken text wraps on every width', () => {
  const product = inject('product');
  const { baseUrl } = product;
  const title = 'W'.repeat(300);
  let api: APIRequestContext;
  let task: CreatedTask;
  let s: Session;

  beforeAll(async () => {
    const creator = await newWallet(product, 100);
    api = await playwrightRequest.newContext();
    await signInApi(api, product, creator);
    task = await createFundedTask(api, product, creator, { title, reward: 10, maxCompletions: 2 });
    s = await openBrowser();
  });

  afterAll(async () => {
    await s?.close();
    await api?.dispose();
  });

  /**
   * How far anything reaches past the right edge of the viewport (0: nothing does). Every element is measured, not
   * only the page's width: text running out of a dialog is cut off there without widening the page.
   */
  const sideways = (page: Page) => page.evaluate(() => {
    let right = document.documentElement.scrollWidth;
    for (const el of Array.from(document.body.querySelectorAll('*'))) right = Math.max(right, Math.ceil(el.getBoundingClientRect().right));
    return Math.max(0, right - document.documentElement.clientWidth);
  });

  it('keeps the task card and the task dialog within a phone and a desktop screen', async () => {
    const { page } = s;
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/tasks?q=${'W'.repeat(50)}`);
      await page.getByRole('article', { name: title }).waitFor();
      expect(await sideways(page), `task list at ${size.width} px`).toBe(0);

      await page.goto(`${baseUrl}/tasks?id=${task.id}`);
      await page.getByRole('dialog').getByRole('heading', { name: title }).waitFor();
      expect(await sideways(page), `task dialog at ${size.width} px`).toBe(0);
    }
    await checkPage(page, 'task-dialog-long-title');
  });

  it("keeps the creator's task awaiting funding within the screen", async () => {
    const res = await api.post(`${baseUrl}/api/tasks`, {
      headers: { Origin: baseUrl },
      data: {
        title, description: 'Z'.repeat(3000), requirements: 'R'.repeat(3000), category: 'Design', submissionType: 'mixed',
        reward: 5, maxCompletions: 1, estimatedTime: 5, deadline: new Date(Date.now() + 86_400_000).toISOString(), isActive: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    // The browser signs in as the creator with the API's session.
    await s.context.addCookies((await api.storageState()).cookies);
    const { page } = s;
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Your tasks awaiting funding' }).waitFor();
      await page.getByText(title).first().waitFor();
      expect(await sideways(page), `dashboard at ${size.width} px`).toBe(0);
    }
    await checkPage(page, 'dashboard-long-title');
  });
});
