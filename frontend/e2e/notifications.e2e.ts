import { Contract, NonceManager, Wallet, parseUnits } from 'ethers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkPage, openBrowser, type Session } from './browser';
import { chain, DEV_KEYS } from './chain';

const ESCROW_ABI = ['function fund(uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)'];
const TOKEN_ABI = ['function approve(address spender, uint256 amount) returns (bool)'];
const CREATOR_KEY = DEV_KEYS[11];

/** Signs `page`'s browser in with a wallet (SIWE through the API, so the session cookie lands in the browser). */
async function signInWithWallet(page: Page, baseUrl: string, key: string): Promise<void> {
  const wallet = new Wallet(key);
  const challenge = await page.request.get(`${baseUrl}/api/auth/challenge?address=${wallet.address}`);
  const { message } = (await challenge.json()) as { message: string };
  const res = await page.request.post(`${baseUrl}/api/auth/web3`, {
    data: { walletAddress: wallet.address, signature: await wallet.signMessage(message), message },
  });
  expect(res.status()).toBe(200);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

describe('live updates: the bell follows the stream without a reload', () => {
  const { baseUrl, rpcUrl, tokenAddress, escrowAddress } = inject('product');
  let creator: Session;
  let earner: Session;
  beforeAll(async () => {
    [creator, earner] = [await openBrowser(), await openBrowser()];
  });
  afterAll(async () => {
    await creator?.close();
    await earner?.close();
  });

  it('a creator hears about funding and a new submission; the earner hears about the rejection with its feedback', async () => {
    await signInWithWallet(creator.page, baseUrl, CREATOR_KEY);
    const username = `live${Date.now() % 1_000_000}`;
    expect((await earner.page.request.post(`${baseUrl}/api/register`, { data: { username, password: 'live-updates-1' } })).status()).toBe(201);
    for (const s of [creator, earner]) {
      await s.page.goto(baseUrl + '/dashboard');
      await expect.poll(() => bell(s.page).getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/^Notifications/);
    }

    // The creator's task, funded on chain from their wallet with its exact terms.
    const deadline = new Date(Date.now() + 7 * 24 * 3600_000);
    const created = await creator.page.request.post(`${baseUrl}/api/tasks`, {
      data: {
        title: 'Live bell task', description: 'A task for the live updates journey.', requirements: 'Write one line.',
        category: 'Content', reward: 3, maxCompletions: 2, estimatedTime: 5, deadline: deadline.toISOString(),
        submissionType: 'text', isActive: true,
      },
    });
    expect(created.status()).toBe(201);
    const task = (await created.json()) as { id: number; chainTaskId: string; deadline: string };
    const c = chain(rpcUrl);
    try {
      const signer = new NonceManager(new Wallet(CREATOR_KEY, c.provider));
      await c.giveGas(await signer.getAddress());
      await c.mintCent(tokenAddress, await signer.getAddress(), 6);
      await (await new Contract(tokenAddress, TOKEN_ABI, signer).approve(escrowAddress, parseUnits('6', 18))).wait();
      const seconds = Math.floor(Date.parse(task.deadline) / 1000);
      await (await new Contract(escrowAddress, ESCROW_ABI, signer).fund(task.chainTaskId, parseUnits('3', 18), 2, seconds)).wait();
    } finally {
      c.destroy();
    }
    await expect.poll(() => bell(creator.page).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications, 1 unread');

    const submitted = await earner.page.request.post(`${baseUrl}/api/submissions`, {
      data: { taskId: task.id, proofText: 'Done, see my post', proofLink: null, proofFileUrl: null, notes: null },
    });
    expect(submitted.status()).toBe(201);
    const submission = (await submitted.json()) as { id: number };
    await expect.poll(() => bell(creator.page).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications, 2 unread');

    const rejected = await creator.page.request.patch(`${baseUrl}/api/submissions/${submission.id}`, {
      data: { status: 'rejected', feedback: 'Please link the post' },
    });
    expect(rejected.status()).toBe(200);
    await expect.poll(() => bell(earner.page).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications, 1 unread');

    await bell(earner.page).click();
    const item = earner.page.getByRole('menuitem', { name: /was rejected/ });
    await expect.poll(() => item.textContent()).toContain('Your submission to “Live bell task” was rejected: Please link the post');
    // The panel is a surface of its own (background and shadow), not text lying over the page (issue 21).
    const panel = await earner.page.getByRole('menu').evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, shadow: style.boxShadow };
    });
    expect(panel.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(panel.shadow).not.toBe('none');
    await checkPage(earner.page, 'notifications-menu');
    await earner.page.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell(earner.page).getAttribute('aria-label')).toBe('Notifications');
  });
});
