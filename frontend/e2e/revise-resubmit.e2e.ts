import { parseUnits, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, dialog, newWallet, signInApi, submitProof, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { chain } from './chain';
import { expectToastText } from './toast';
import { injectWallet } from './injected-wallet.mjs';

/**
 * Issue 22, revise and resubmit: the creator requests changes (feedback required), the earner sees the
 * feedback and the time left, edits the proof and resubmits, the creator sees the revision history and
 * approves; the earner's on-chain balance rises by exactly the reward.
 */
describe('request changes → resubmit → approve', () => {
  const product = inject('product');
  const { baseUrl } = product;
  let creatorSession: Session;
  let earnerSession: Session;
  let creator: Wallet;
  let earner: Wallet;
  let task: CreatedTask;
  let sub: number;
  const title = `Revise journey ${Date.now().toString(36)}`;

  beforeAll(async () => {
    creator = await newWallet(product, 1000);
    earner = await newWallet(product);
    creatorSession = await openBrowser();
    await injectWallet(creatorSession.context, { rpcUrl: product.rpcUrl, privateKey: creator.privateKey, autoConnect: true });
    await signInApi(creatorSession.context.request, product, creator, `rs_creator_${Date.now().toString(36).slice(-5)}`);
    task = await createFundedTask(creatorSession.context.request, product, creator, { title, reward: 12, maxCompletions: 1 });
    earnerSession = await openBrowser();
    await signInApi(earnerSession.context.request, product, earner);
    sub = (await submitProof(earnerSession.context.request, product, task.id, 'My first draft of the thread.', 'first notes')).id;
  });

  afterAll(async () => {
    await Promise.all([creatorSession?.close(), earnerSession?.close()]);
  });

  it('the creator requests changes, with feedback required', async () => {
    const { page } = creatorSession;
    await page.goto(baseUrl + '/dashboard');
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    await page.getByRole('button', { name: `Review submission ${sub}` }).click();
    const d = dialog(page);
    await d.getByText(title).waitFor();
    await d.getByRole('button', { name: 'Request Changes' }).click();
    await expectToastText(page, 'Feedback required', 'Please explain what the earner should change.');
    await d.getByPlaceholder('Provide feedback to the submitter (required for rejection)').fill('Please add the link to the thread.');
    await d.getByRole('button', { name: 'Request Changes' }).click();
    await expectToastText(page, 'Changes requested', 'The earner has been notified and can resubmit within 48 hours.');
    await d.waitFor({ state: 'detached' });
  });

  it('the earner sees the feedback and the time left, revises and resubmits', async () => {
    const { page } = earnerSession;
    await page.goto(baseUrl + '/dashboard');
    const entry = page.getByTestId(`my-submission-${sub}`);
    await entry.waitFor();
    expect(await entry.getByText('Changes Requested').count()).toBeGreaterThan(0);
    await entry.getByRole('button', { name: 'View Details' }).click();
    const d = dialog(page, 'Your Submission');
    await d.getByText('Changes were requested on this submission').waitFor();
    expect(await d.getByText('Please add the link to the thread.').count()).toBeGreaterThan(0);
    const form = d.getByRole('form', { name: 'Revise and resubmit' });
    await form.getByText(/1 day 23 hours left/).waitFor();
    await checkPage(page, 'revise-form-earner');
    await form.getByLabel('Proof text').fill('My thread, now with its link: https://x.com/earner/status/1');
    await form.getByRole('button', { name: 'Resubmit' }).click();
    await expectToastText(page, 'Revision submitted', 'Your revised proof is waiting for review again.');
  });

  it('the creator sees the revision history and approves: the reward reaches the earner on chain', async () => {
    const { page } = creatorSession;
    const c = chain(product.rpcUrl);
    const before = await c.balanceOf(product.tokenAddress, earner.address);
    await page.goto(baseUrl + '/dashboard');
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    await page.getByRole('button', { name: `Review submission ${sub}` }).click();
    const d = dialog(page);
    await d.getByText('My thread, now with its link: https://x.com/earner/status/1').waitFor();
    const history = d.getByRole('region', { name: 'Revision history' });
    await history.getByText(/Resubmitted .*; changed: text/).waitFor();
    await checkPage(page, 'revise-history-creator');
    await d.getByRole('button', { name: 'Approve & Release 12 CENTS' }).click();
    const short = `${earner.address.slice(0, 6)}...${earner.address.slice(-4)}`;
    await expectToastText(page, 'Reward transferred successfully', `12 CENT tokens have been sent to wallet ${short}`);
    expect((await c.balanceOf(product.tokenAddress, earner.address)) - before).toBe(parseUnits('12', 18));
  });
});
