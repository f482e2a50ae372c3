import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { parseUnits, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, newWallet, signInApi, waitUntil, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { chain } from './chain';
import { injectWallet } from './injected-wallet.mjs';

/**
 * Review deadline with auto-approval (issue 22): the create form offers "Auto-approve after"; a task set to 1 hour
 * shows each submission's deadline to its earner and a countdown badge on the creator's approvals; once anvil's
 * clock is moved past it (evm_increaseTime + evm_mine) the scheduler approves the submission, the payout worker
 * pays it (the earner's on-chain balance rises by exactly the reward) and both screens say it was automatic.
 */
describe('auto-approval after the review deadline (creator and earner)', () => {
  const product = inject('product');
  const { baseUrl } = product;
  let creatorSession: Session;
  let earnerSession: Session;
  let creator: Wallet;
  let earner: Wallet;
  let earnerApi: APIRequestContext;
  let task: CreatedTask;
  let submissionId: number;
  const title = `Auto approval ${Date.now().toString(36)}`;

  beforeAll(async () => {
    creator = await newWallet(product, 1000);
    earner = await newWallet(product);
    creatorSession = await openBrowser();
    await injectWallet(creatorSession.context, { rpcUrl: product.rpcUrl, privateKey: creator.privateKey, autoConnect: true });
    await signInApi(creatorSession.context.request, product, creator, `aa_creator_${Date.now().toString(36).slice(-5)}`);
    task = await createFundedTask(creatorSession.context.request, product, creator, { title, reward: 13, maxCompletions: 2, reviewWithinHours: 1 });
    earnerApi = await playwrightRequest.newContext();
    await signInApi(earnerApi, product, earner);
    // Proof of one's own (a link and text no other journey sends): the spam guard holds back duplicate proof.
    const res = await earnerApi.post(`${baseUrl}/api/submissions`, {
      headers: { Origin: baseUrl },
      data: { taskId: task.id, proofLink: `https://medium.com/@earner-${earner.address.slice(2, 10).toLowerCase()}/${title.replace(/\s/g, '-').toLowerCase()}`, proofText: `I completed the journey task ${title}: I posted a link to my write-up and here is a short text describing what ` +
        'I did. I read the requirements, wrote the post with a summary of each step, published it on my own site and checked that the ' +
        'link opens for everyone. The post explains the task, what I did and the result.', notes: 'auto' },
    });
    expect(res.status(), await res.text()).toBe(201);
    submissionId = ((await res.json()) as { id: number }).id;
    earnerSession = await openBrowser();
    await signInApi(earnerSession.context.request, product, earner);
  });

  afterAll(async () => {
    await Promise.all([creatorSession?.close(), earnerSession?.close(), earnerApi?.dispose()]);
  });

  it('offers "Auto-approve after" on the create form (72 hours by default, 1 to 720)', async () => {
    const { page } = creatorSession;
    await page.goto(baseUrl + '/tasks');
    await page.getByRole('banner').getByRole('button', { name: 'Create Task' }).click();
    const form = page.getByRole('dialog', { name: 'Create Task' });
    const field = form.getByLabel('Auto-approve after (hours)');
    expect(await field.inputValue()).toBe('72');
    await field.fill('721');
    await field.blur();
    await form.getByText('Auto-approve after must be a whole number of hours from 1 to 720 (30 days)').waitFor();
    await field.fill('1');
    await field.blur();
    await checkPage(page, 'create-task-auto-approve');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the deadline to the earner and the time left to the creator', async () => {
    const e = earnerSession.page;
    await e.goto(`${baseUrl}/tasks?q=${encodeURIComponent(title)}&available=false`);
    await e.getByRole('article', { name: title }).getByRole('button', { name: 'View Details' }).click();
    const d = e.getByRole('dialog', { name: title });
    expect(await d.getByTestId('review-deadline').textContent()).toMatch(/^Reviewed or approved automatically by /);
    await checkPage(e, 'auto-approval-earner-pending');

    const c = creatorSession.page;
    await c.goto(baseUrl + '/approvals');
    const card = c.getByTestId(`approval-${submissionId}`);
    await card.waitFor();
    expect(await card.getByTestId('review-deadline').textContent()).toMatch(/^Auto-approves in (59m|1h 0m)$/);
    await checkPage(c, 'auto-approval-creator-pending');
  });

  it('approves and pays it once anvil\'s clock passed the deadline: the earner gets exactly the reward', async () => {
    const node = chain(product.rpcUrl);
    try {
      const before = await node.balanceOf(product.tokenAddress, earner.address);
      await node.provider.send('evm_increaseTime', [3600 + 30]);
      await node.provider.send('evm_mine', []);
      const paid = await waitUntil(async () => {
        const s = (await (await earnerApi.get(`${baseUrl}/api/submissions/${submissionId}`)).json()) as { status: string; payoutStatus: string; reviewedBySystem: boolean; reviewNotes: string };
        return s.payoutStatus === 'released' ? s : null;
      }, 'the automatic approval paid', 60_000).catch(async (err) => {
        throw new Error(`${(err as Error).message}: ${await (await earnerApi.get(`${baseUrl}/api/submissions/${submissionId}`)).text()}`);
      });
      expect(paid).toMatchObject({ status: 'approved', reviewedBySystem: true, reviewNotes: 'Approved automatically: not reviewed within 1 hour.' });
      expect((await node.balanceOf(product.tokenAddress, earner.address)) - before).toBe(parseUnits('13', 18));
    } finally {
      node.destroy();
    }
    const notes = (await (await earnerApi.get(`${baseUrl}/api/notifications`)).json()) as { items: Array<{ kind: string }> };
    expect(notes.items.map((n) => n.kind)).toContain('submission_auto_approved');

    const c = creatorSession.page;
    await c.goto(baseUrl + '/approvals');
    await c.getByRole('tab', { name: 'All Submissions' }).click();
    const card = c.getByTestId(`approval-${submissionId}`);
    await card.getByText('Auto-approved').waitFor();
    await card.getByText('Decided automatically (review deadline)').waitFor();
    await checkPage(c, 'auto-approval-creator-approved');
  });
});
