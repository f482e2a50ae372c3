import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, dialog, E2E_ADMIN_KEY, newWallet, signInApi, waitUntil, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { injectWallet } from './injected-wallet.mjs';
import { expectToastText } from './toast';

/**
 * Issue 22, the spam guard when a proof is sent: a second earner copies the first one's text; within a scheduler
 * tick (not at the review deadline, 72 hours away) it is flagged. The task's creator sees the flag and the
 * validator's evidence in the review dialog; an admin finds it in the admin console's Flagged tab (who sent it, the
 * full wallet, the evidence, the time left until the cut-off) and rejects it there.
 */
describe('flagged when sent → the creator sees the evidence → an admin decides in the Flagged tab', () => {
  const product = inject('product');
  const { baseUrl } = product;
  const tag = Date.now().toString(36);
  const title = `Flagged journey ${tag}`;
  const copier = `copycat_${tag.slice(-5)}`;
  const text = `My thread for ${title}: six posts on how the escrow holds the reward until the creator approves, how the ` +
    'releaser key pays the earner, how the spam guard compares proofs and why a creator cannot take the money back early. ' +
    `Each post links the marketplace and the last one shows my first approved task. (${tag})`;
  let creatorSession: Session;
  let adminSession: Session;
  let apis: APIRequestContext[] = [];
  let task: CreatedTask;
  let original: number;
  let copied: number;
  let copierWallet: string;

  async function submit(api: APIRequestContext, proofLink: string, proofText: string): Promise<number> {
    const res = await api.post(`${baseUrl}/api/submissions`, { headers: { Origin: baseUrl }, data: { taskId: task.id, proofLink, proofText, notes: null } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }

  /** The submission as its task's creator gets it (reviewFlag, evidence). */
  const asCreator = async (id: number) =>
    (await (await creatorSession.context.request.get(`${baseUrl}/api/submissions/${id}`)).json()) as { reviewFlag: string | null; evidence: { validated: boolean }; status: string };

  beforeAll(async () => {
    const creator = await newWallet(product, 1000);
    creatorSession = await openBrowser();
    await signInApi(creatorSession.context.request, product, creator, `fl_creator_${tag.slice(-5)}`);
    task = await createFundedTask(creatorSession.context.request, product, creator, { title, reward: 6, maxCompletions: 3 });

    const [first, second] = [await newWallet(product), await newWallet(product)];
    copierWallet = second.address;
    const [firstApi, secondApi] = [await playwrightRequest.newContext(), await playwrightRequest.newContext()];
    apis = [firstApi, secondApi];
    await signInApi(firstApi, product, first);
    await signInApi(secondApi, product, second, copier);
    original = await submit(firstApi, `https://x.com/first_${tag}/status/1`, text);
    // The original is checked within a tick of arriving, before any copy exists: clean.
    await waitUntil(async () => ((await asCreator(original)).evidence.validated ? true : null), 'the original checked');
    copied = await submit(secondApi, `https://x.com/second_${tag}/status/2`, `${text} Mine.`);
    await waitUntil(async () => ((await asCreator(copied)).reviewFlag ? true : null), 'the copy flagged when sent');

    const admin = await newWallet(product, 0, E2E_ADMIN_KEY);
    adminSession = await openBrowser();
    await injectWallet(adminSession.context, { rpcUrl: product.rpcUrl, privateKey: admin.privateKey, autoConnect: true });
    await signInApi(adminSession.context.request, product, admin);
  });

  afterAll(async () => {
    await Promise.all([creatorSession?.close(), adminSession?.close(), ...apis.map((a) => a.dispose())]);
  });

  it('the creator sees the flag and the validator\'s evidence in the review dialog, long before the deadline', async () => {
    expect((await asCreator(original)).reviewFlag).toBeNull();
    const { page } = creatorSession;
    await page.goto(baseUrl + '/approvals');
    await page.getByTestId(`approval-${copied}`).getByText('Flagged: admins review it').waitFor();
    await page.getByTestId(`approval-${copied}`).getByRole('button', { name: 'Review Submission' }).click();
    const d = dialog(page);
    const evidence = d.getByRole('region', { name: 'Spam guard evidence' });
    await evidence.getByText('Flagged: admins review it').waitFor();
    await evidence.getByText("Copy of another user's text").waitFor();
    expect(await evidence.getByText(`submission #${original} (task #${task.id})`, { exact: true }).count()).toBe(1);
    expect(await evidence.getByText(/^\d+ % match$/).count()).toBe(1);
    await checkPage(page, 'review-evidence-creator');
    await d.getByRole('button', { name: 'Close' }).first().click();
    await d.waitFor({ state: 'detached' });
  });

  it('an admin finds it in the Flagged tab with who sent it, the evidence and the time left, and rejects it there', async () => {
    const { page } = adminSession;
    await page.goto(baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Flagged' }).click();
    const card = page.getByRole('list', { name: 'Flagged submissions' }).getByRole('listitem', { name: `Submission #${copied} on ${title}` });
    await card.waitFor();
    expect(await card.getByText(copier, { exact: true }).count()).toBe(1);
    const wallet = card.getByRole('link', { name: `Submitter's wallet ${copierWallet}` });
    expect(await wallet.textContent()).toBe(copierWallet);
    expect(new URL((await wallet.getAttribute('href'))!, baseUrl).pathname).toBe(`/explorer/address/${copierWallet}`);
    expect(await card.getByRole('button', { name: 'Copy address' }).count()).toBe(1);
    await card.getByRole('region', { name: 'Spam guard evidence' }).getByText("Copy of another user's text").waitFor();
    expect(await card.getByText(/^\d+ days? (\d+ hours? )?left$/).count()).toBe(1);
    // The original was found clean: it is not in the queue.
    expect(await page.getByRole('listitem', { name: `Submission #${original} on ${title}` }).count()).toBe(0);
    await checkPage(page, 'admin-flagged-queue');

    await card.getByRole('button', { name: 'Reject' }).click();
    await card.getByText('Feedback is required to reject a submission.').waitFor();
    await card.getByLabel(`Feedback for submission #${copied}`).fill('This copies submission #' + original + '.');
    await card.getByRole('button', { name: 'Reject' }).click();
    await expectToastText(page, 'Submission rejected', 'The submission has been rejected and the user has been notified.');
    await card.waitFor({ state: 'detached' });
    expect((await asCreator(copied)).status).toBe('rejected');
  });
});
