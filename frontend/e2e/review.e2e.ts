import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { id as topicOf, JsonRpcProvider, parseUnits, zeroPadValue, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, dialog, newWallet, signInApi, submitProof, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { chain } from './chain';
import { expectToastText } from './toast';
import { injectWallet } from './injected-wallet.mjs';

/**
 * Review: a creator approves (the earner's on-chain balance rises by exactly the reward, the UI shows the tx),
 * rejects with and without feedback; the submitter sees decisions and the read-only dialog; the approvals
 * page searches, filters and tabs. Users, the task and the proofs are made through the API.
 */
describe('review dialog, dashboard and approvals (creator and earners)', () => {
  const product = inject('product');
  const { baseUrl } = product;
  let creatorSession: Session;
  let earnerSession: Session;
  let creator: Wallet;
  let earners: Wallet[];
  let earnerApis: APIRequestContext[];
  let task: CreatedTask;
  const subs: number[] = [];
  const title = `Review journey ${Date.now().toString(36)}`;

  beforeAll(async () => {
    creator = await newWallet(product, 1000);
    earners = await Promise.all([newWallet(product), newWallet(product), newWallet(product)]);
    creatorSession = await openBrowser();
    await injectWallet(creatorSession.context, { rpcUrl: product.rpcUrl, privateKey: creator.privateKey, autoConnect: true });
    await signInApi(creatorSession.context.request, product, creator, `rv_creator_${Date.now().toString(36).slice(-5)}`);
    task = await createFundedTask(creatorSession.context.request, product, creator, { title, reward: 25, maxCompletions: 3 });
    earnerApis = [];
    for (const [i, e] of earners.entries()) {
      const api = await playwrightRequest.newContext();
      earnerApis.push(api);
      await signInApi(api, product, e);
      subs.push((await submitProof(api, product, task.id, `Proof number ${i + 1}: I wrote the thread and linked it.`, `notes-${i + 1}`)).id);
    }
    earnerSession = await openBrowser();
    await signInApi(earnerSession.context.request, product, earners[1]);
  });

  afterAll(async () => {
    await Promise.all([creatorSession?.close(), earnerSession?.close(), ...(earnerApis ?? []).map((a) => a.dispose())]);
  });

  it('lists the created task with its submissions on the dashboard', async () => {
    const { page } = creatorSession;
    await page.goto(baseUrl + '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByText('Wallet Connected').count()).toBe(1);
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    const card = page.getByTestId(`my-task-${task.id}`);
    await card.waitFor();
    expect(await card.getByText('25 CENTS').count()).toBe(1);
    expect(await card.getByText('0 / 3 completions').count()).toBe(1);
    expect(await card.getByRole('button', { name: /^Review submission/ }).count()).toBe(3);
    await checkPage(page, 'dashboard-creator');
  });

  it('approves: the payout reaches the earner on chain and the dialog shows its transaction', async () => {
    const { page } = creatorSession;
    const c = chain(product.rpcUrl);
    const before = await c.balanceOf(product.tokenAddress, earners[0].address);
    await page.getByRole('button', { name: `Review submission ${subs[0]}` }).click();
    const d = dialog(page);
    await d.getByText(title).waitFor();
    // Issue 22: the reviewer sees who submitted (no username yet: the spec's temporary name) and their full wallet.
    await d.getByText(`Submitted by user_${earners[0].address.toLowerCase().slice(2, 8)}`).waitFor();
    expect(await d.getByTitle(earners[0].address).count()).toBeGreaterThan(0);
    await checkPage(page, 'review-dialog-creator');
    await d.getByPlaceholder('Provide feedback to the submitter (required for rejection)').fill('Great thread');
    await d.getByRole('button', { name: 'Approve & Release 25 CENTS' }).click();
    await expectToastText(page, 'Processing token transfer', 'Transferring tokens from escrow to recipient wallet...');
    const short = `${earners[0].address.slice(0, 6)}...${earners[0].address.slice(-4)}`;
    await expectToastText(page, 'Reward transferred successfully', `25 CENT tokens have been sent to wallet ${short}`);
    // The success toast only follows the indexed release: the chain already has the reward.
    expect((await c.balanceOf(product.tokenAddress, earners[0].address)) - before).toBe(parseUnits('25', 18));
    c.destroy();
    await d.getByText('This submission was approved').waitFor();
    const payout = d.getByTestId('payout-status');
    await payout.getByRole('link').waitFor();
    expect(new URL((await payout.getByRole('link').first().getAttribute('href'))!, baseUrl).href).toMatch(new RegExp(`^${baseUrl}/explorer/tx/0x[0-9a-f]{64}$`));
    await checkPage(page, 'review-approved');
    await d.getByRole('button', { name: 'Close' }).first().click();
  });

  it('refuses a rejection without feedback, then rejects with feedback and closes', async () => {
    const { page } = creatorSession;
    await page.getByRole('button', { name: `Review submission ${subs[1]}` }).click();
    const d = dialog(page);
    await d.getByText('notes-2').waitFor();
    await d.getByRole('button', { name: 'Reject Submission' }).click();
    await expectToastText(page, 'Feedback required', 'Please provide feedback explaining why this submission is being rejected.');
    await d.getByPlaceholder('Provide feedback to the submitter (required for rejection)').fill('The link does not open');
    await d.getByRole('button', { name: 'Reject Submission' }).click();
    await expectToastText(page, 'Submission rejected', 'The submission has been rejected and the user has been notified.');
    await d.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId(`my-task-${task.id}`).getByText('Rejected', { exact: true }).count()).toBe(1);
  });

  it('shows the submitter their decision and, on a pending one, the read-only dialog', async () => {
    const { page } = earnerSession;
    await page.goto(baseUrl + '/dashboard');
    const entry = page.getByTestId(`my-submission-${subs[1]}`);
    await entry.waitFor();
    await entry.getByRole('button', { name: 'View Details' }).click();
    // The earner's own submission: "Your Submission", not "Review Submission".
    const d = dialog(page, 'Your Submission');
    await d.getByText('This submission was rejected').waitFor();
    expect(await d.getByText('The link does not open').count()).toBe(1);
    expect(await d.getByRole('button', { name: 'Reject Submission' }).count()).toBe(0);
    await checkPage(page, 'review-rejected-submitter');
    await d.getByRole('button', { name: 'Close' }).first().click();

    // A pending submission seen by someone who is neither its task's creator nor an admin (here its submitter).
    await signInApi(earnerSession.context.request, product, earners[2]);
    await page.goto(baseUrl + '/dashboard');
    await page.getByTestId(`my-submission-${subs[2]}`).getByRole('button', { name: 'View Details' }).click();
    await dialog(page, 'Your Submission').getByText("You're viewing this submission in read-only mode.").waitFor();
    expect(await dialog(page, 'Your Submission').getByRole('button', { name: /Approve/ }).count()).toBe(0);
    await checkPage(page, 'review-read-only');
  });

  it('searches, filters and tabs the approvals page (creator)', async () => {
    const { page } = creatorSession;
    await page.goto(baseUrl + '/approvals');
    await page.getByRole('heading', { name: 'My Tasks Submissions', level: 1 }).waitFor();
    // Pending Review is the default tab: only the third submission is still pending.
    await page.getByTestId(`approval-${subs[2]}`).waitFor();
    expect(await page.getByTestId(`approval-${subs[0]}`).count()).toBe(0);
    expect(await page.getByTestId(`approval-${subs[2]}`).getByRole('button', { name: 'Review Submission' }).count()).toBe(1);
    await checkPage(page, 'approvals-creator');
    await page.getByRole('tab', { name: 'All Submissions' }).click();
    await page.getByTestId(`approval-${subs[0]}`).waitFor();
    expect(await page.getByTestId(`approval-${subs[0]}`).getByRole('button', { name: 'View Details' }).count()).toBe(1);
    expect(await page.getByTestId(`approval-${subs[0]}`).getByText(/Reviewed by User #\d+/).count()).toBe(1);
    await page.getByLabel('Search submissions').fill('NOTES-2');
    await expect.poll(() => page.locator('[data-testid^="approval-"]').count()).toBe(1);
    expect(await page.getByTestId(`approval-${subs[1]}`).count()).toBe(1);
    await page.getByLabel('Search submissions').fill('');
    // One status control: the tabs (no select beside them that could contradict them).
    expect(await page.getByLabel('Status filter').count()).toBe(0);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expect.poll(() => page.locator('[data-testid^="approval-"]').count()).toBe(1);
    expect(await page.getByTestId(`approval-${subs[0]}`).count()).toBe(1);
    // The list shows the proof itself.
    expect(await page.getByTestId(`approval-${subs[0]}`).getByTestId('proof-text').count() + await page.getByTestId(`approval-${subs[0]}`).getByRole('link').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await page.getByTestId(`approval-${subs[1]}`).waitFor();
    expect(await page.getByTestId(`approval-${subs[0]}`).count()).toBe(0);
    await page.getByLabel('Search submissions').fill('no such notes');
    await page.getByText('No submissions found').waitFor();
    await page.getByLabel('Search submissions').fill('');
    await page.getByRole('tab', { name: 'All Submissions' }).click();
    await page.getByTestId(`approval-${subs[1]}`).waitFor();
    // The page is in the nav of a signed-in creator.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals', exact: true }).count()).toBe(1);
  });

  it("shows the task's escrow to an auditor exactly as the chain has it", async () => {
    const { page } = earnerSession;
    // The reward's transfer to the earner, found on chain independently of the app.
    const provider = new JsonRpcProvider(product.rpcUrl, 31337, { staticNetwork: true });
    const logs = await provider.getLogs({
      address: product.tokenAddress,
      fromBlock: 0,
      topics: [topicOf('Transfer(address,address,uint256)'), zeroPadValue(product.escrowAddress, 32), zeroPadValue(earners[0].address, 32)],
    });
    provider.destroy();
    expect(logs).toHaveLength(1);
    await page.goto(`${baseUrl}/tasks/${task.id}/escrow`);
    await page.getByRole('heading', { name: `Escrow audit: Task #${task.id}`, level: 1 }).waitFor();
    await page.getByText('Chain and app agree').waitFor();
    const onChain = page.getByTestId('on-chain');
    const value = (label: string) => onChain.locator(`[data-label="${label}"]`).textContent();
    expect(await value('Funded')).toBe('75 CENT');
    expect(await value('Released')).toBe('25 CENT');
    expect(await value('Remaining')).toBe('50 CENT');
    expect(await value('Payouts')).toBe('1 of 3');
    expect(await page.getByTestId('app-claims').locator('[data-label="Released"]').textContent()).toBe('25 CENT');
    const tx = page.getByRole('link', { name: `Transaction ${logs[0].transactionHash}` });
    expect(new URL((await tx.getAttribute('href'))!, baseUrl).href).toBe(`${baseUrl}/explorer/tx/${logs[0].transactionHash}`);
    await checkPage(page, 'escrow-audit');
  });
});
