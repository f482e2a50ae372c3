import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import type { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, dialog, newWallet, signInApi, submitProof, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';

/**
 * Issue 22, every creator's record: the card's line ("Reviews in ~… · 50 % approved" / "New creator"), the
 * full record in the task detail and on the public profile, and who submitted in the review dialog.
 */
describe("creator's record on the card, the detail, the profile and the review", () => {
  const product = inject('product');
  const { baseUrl } = product;
  const tag = Date.now().toString(36).slice(-5);
  const names = { creator: `rec_creator_${tag}`, earner: `rec_earner_${tag}` };
  let visitor: Session;
  let creatorSession: Session;
  let apis: APIRequestContext[] = [];
  let creatorId: number;
  let reviewed: CreatedTask;
  let fresh: CreatedTask;
  let pending: number;

  beforeAll(async () => {
    const [creator, newcomer] = [await newWallet(product, 1000), await newWallet(product, 1000)];
    const earners: Wallet[] = await Promise.all([newWallet(product), newWallet(product), newWallet(product)]);
    creatorSession = await openBrowser();
    creatorId = (await signInApi(creatorSession.context.request, product, creator, names.creator)).id;
    apis = await Promise.all([0, 1, 2, 3].map(() => playwrightRequest.newContext()));
    await signInApi(apis[3], product, newcomer);
    reviewed = await createFundedTask(creatorSession.context.request, product, creator, { title: `Record reviewed ${tag}`, reward: 20, maxCompletions: 3 });
    fresh = await createFundedTask(apis[3], product, newcomer, { title: `Record fresh ${tag}`, reward: 10, maxCompletions: 2 });
    const subs: number[] = [];
    for (const [i, e] of earners.entries()) {
      await signInApi(apis[i], product, e, i === 2 ? names.earner : undefined);
      subs.push((await submitProof(apis[i], product, reviewed.id, `Proof ${i + 1}: the thread is live and linked.`)).id);
    }
    const decide = async (id: number, status: string) => {
      const res = await creatorSession.context.request.patch(`${baseUrl}/api/submissions/${id}`, { headers: { Origin: baseUrl }, data: { status, feedback: 'decided' } });
      expect(res.status(), await res.text()).toBe(200);
    };
    await decide(subs[0], 'approved');
    await decide(subs[1], 'rejected');
    pending = subs[2];
    visitor = await openBrowser();
  });

  afterAll(async () => {
    await Promise.all([visitor?.close(), creatorSession?.close(), ...apis.map((a) => a.dispose())]);
  });

  it('the card carries the short line, and "New creator" without history', async () => {
    const { page } = visitor;
    await page.goto(`${baseUrl}/tasks?q=${tag}`);
    const card = page.getByRole('article', { name: `Record reviewed ${tag}` });
    await expect.poll(() => card.getByTestId('creator-record-line').textContent(), { timeout: 60_000 }).toMatch(/^Reviews in ~\d+ min · 50 % approved$/);
    expect(await page.getByRole('article', { name: `Record fresh ${tag}` }).getByTestId('creator-record-line').textContent()).toBe('New creator');
    await checkPage(page, 'record-task-cards');
  });

  it('the task detail shows the full record; the public profile too', async () => {
    const { page } = visitor;
    await page.getByRole('article', { name: `Record reviewed ${tag}` }).getByRole('button', { name: 'View Details' }).click();
    const facts = page.getByRole('dialog').getByLabel("Creator's record");
    await facts.getByText('1 of 2 (50 %)').first().waitFor();
    expect(await facts.locator('[data-fact="Submissions reviewed"]').textContent()).toBe('2');
    await checkPage(page, 'record-task-detail');
    await page.goto(`${baseUrl}/users/${creatorId}`);
    await page.getByRole('heading', { name: names.creator, level: 1 }).waitFor();
    const record = page.getByLabel('Record as a creator');
    await record.locator('[data-fact="Submissions reviewed"]').waitFor();
    expect(await record.locator('[data-fact="Approved"]').textContent()).toBe('1 of 2 (50 %)');
    await checkPage(page, 'record-public-profile');
    await page.goto(`${baseUrl}/users/999999999`);
    await page.getByRole('heading', { name: 'User not found' }).waitFor();
    expect(fresh.id).toBeGreaterThan(0);
  });

  it('the reviewer sees who submitted: name, full wallet, their record', async () => {
    const { page } = creatorSession;
    await page.goto(baseUrl + '/dashboard');
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    await page.getByRole('button', { name: `Review submission ${pending}` }).click();
    const d = dialog(page);
    await d.getByText(`Submitted by ${names.earner}`).waitFor();
    expect(await d.getByLabel("Submitter's record").locator('[data-fact="Submissions"]').textContent()).toBe('1');
    await checkPage(page, 'record-review-dialog');
  });
});
