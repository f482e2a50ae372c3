import { parseUnits, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, dialog, E2E_ADMIN_KEY, newWallet, signInApi, submitProof, waitUntil, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { chain } from './chain';
import { expectToastText } from './toast';
import { injectWallet } from './injected-wallet.mjs';

/**
 * Issue 22, appeals: a rejected earner sees that a slot is free and the time left, appeals; an admin decides in
 * the Appeals tab (overturned) and the reward is paid on chain like any approval.
 */
describe('reject → appeal → overturned → paid', () => {
  const product = inject('product');
  const { baseUrl } = product;
  let creatorSession: Session;
  let earnerSession: Session;
  let adminSession: Session;
  let earner: Wallet;
  let task: CreatedTask;
  let sub: number;
  const title = `Appeal journey ${Date.now().toString(36)}`;

  beforeAll(async () => {
    const creator = await newWallet(product, 1000);
    earner = await newWallet(product);
    creatorSession = await openBrowser();
    await signInApi(creatorSession.context.request, product, creator, `ap_creator_${Date.now().toString(36).slice(-5)}`);
    task = await createFundedTask(creatorSession.context.request, product, creator, { title, reward: 8, maxCompletions: 2 });
    earnerSession = await openBrowser();
    await signInApi(earnerSession.context.request, product, earner);
    sub = (await submitProof(earnerSession.context.request, product, task.id, 'My review of the app, screenshot attached.', 'see screenshot')).id;
    const rejected = await creatorSession.context.request.patch(`${baseUrl}/api/submissions/${sub}`, {
      headers: { Origin: baseUrl }, data: { status: 'rejected', feedback: 'No screenshot' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    const admin = await newWallet(product, 0, E2E_ADMIN_KEY);
    adminSession = await openBrowser();
    await injectWallet(adminSession.context, { rpcUrl: product.rpcUrl, privateKey: admin.privateKey, autoConnect: true });
    await signInApi(adminSession.context.request, product, admin);
  });

  afterAll(async () => {
    await Promise.all([creatorSession?.close(), earnerSession?.close(), adminSession?.close()]);
  });

  it('the earner sees a free slot and the time left, and appeals', async () => {
    const { page } = earnerSession;
    await page.goto(baseUrl + '/dashboard');
    await page.getByTestId(`my-submission-${sub}`).getByRole('button', { name: 'View Details' }).click();
    const d = dialog(page, 'Your Submission');
    const appeal = d.getByRole('region', { name: 'Appeal' });
    await appeal.getByText('A slot is free: an open appeal holds it for you.').waitFor();
    await appeal.getByText(/2 days 23 hours left/).waitFor();
    await checkPage(page, 'appeal-form-earner');
    await appeal.getByRole('button', { name: 'Appeal' }).click();
    await expectToastText(page, 'Message required', 'Please explain why the rejection should be overturned.');
    await appeal.getByLabel('Message to the admins').fill('The screenshot is the second image in the link.');
    await appeal.getByRole('button', { name: 'Appeal' }).click();
    await expectToastText(page, 'Appeal sent', 'The admins will decide; you will be notified.');
  });

  it('an admin overturns it in the Appeals tab; the reward is paid on chain', async () => {
    const { page } = adminSession;
    const c = chain(product.rpcUrl);
    const before = await c.balanceOf(product.tokenAddress, earner.address);
    await page.goto(baseUrl + '/admin');
    await page.getByRole('tab', { name: 'Appeals' }).click();
    const card = page.getByRole('list', { name: 'Open appeals' }).getByRole('listitem').filter({ hasText: `submission #${sub}` });
    await card.getByText('The screenshot is the second image in the link.').waitFor();
    expect(await card.getByText('No screenshot').count()).toBe(1);
    await checkPage(page, 'appeals-queue-admin');
    await card.getByRole('button', { name: 'Overturn (approve & pay)' }).click();
    await expectToastText(page, 'Appeal overturned: approved and paid', '');
    await waitUntil(async () => ((await c.balanceOf(product.tokenAddress, earner.address)) - before === parseUnits('8', 18) ? true : null), 'the reward on chain');
  });
});
