import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { parseUnits, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedTask, newWallet, signInApi, submitProof, waitUntil, type CreatedTask, type Product } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { chain } from './chain';
import { injectWallet, type InjectedWallet } from './injected-wallet.mjs';
import { startProduct } from './product.mjs';

/**
 * The creator's refund after deadline + review window, sent from their own wallet in the browser. The escrow's
 * review window is an immutable of the deployed contract (7 days, chosen at deploy), so the journey moves the
 * chain's clock past deadline + window instead of deploying a special contract: evm_increaseTime AND evm_mine
 * (the wallet's gas estimate runs against the latest block's timestamp). Moving the clock would break the
 * other journeys' tasks, so this one runs on a product instance of its own.
 */
describe("creator's refund from their own wallet", () => {
  let product: Product;
  let stop: () => Promise<void>;
  let s: Session;
  let wallet: InjectedWallet;
  let creator: Wallet;
  let earnerApi: APIRequestContext;
  let task: CreatedTask;
  /** The injected wallet refuses eth_sendTransaction while this is false (a 4001 rejection). */
  let allowSend = false;

  beforeAll(async () => {
    const started = await startProduct();
    product = started.info;
    stop = started.stop;
    creator = await newWallet(product, 500);
    const earner = await newWallet(product);
    s = await openBrowser();
    wallet = await injectWallet(s.context, {
      rpcUrl: product.rpcUrl,
      privateKey: creator.privateKey,
      autoConnect: true,
      approve: (method) => method !== 'eth_sendTransaction' || allowSend,
    });
    await signInApi(s.context.request, product, creator, `refunder_${Date.now().toString(36).slice(-5)}`);
    task = await createFundedTask(s.context.request, product, creator, { title: 'Refund journey task', reward: 20, maxCompletions: 3, deadlineInSeconds: 300 });
    // One reward is paid out before the refund: the refund returns exactly what is left (2 × 20 CENT).
    earnerApi = await playwrightRequest.newContext();
    await signInApi(earnerApi, product, earner);
    const sub = await submitProof(earnerApi, product, task.id, 'I did the refund journey task and linked my proof.');
    const approved = await s.context.request.patch(`${product.baseUrl}/api/submissions/${sub.id}`, {
      headers: { Origin: product.baseUrl },
      data: { status: 'approved', feedback: 'Fine' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    await waitUntil(async () => {
      const r = (await (await s.context.request.get(`${product.baseUrl}/api/submissions/${sub.id}`)).json()) as { payoutStatus: string };
      return r.payoutStatus === 'released' ? r : null;
    }, `payout of submission ${sub.id}`, 60_000);
  }, 400_000);

  afterAll(async () => {
    await Promise.all([s?.close(), earnerApi?.dispose()]);
    await stop?.();
  });

  it('shows what is escrowed and when the refund opens, with no Refund button before', async () => {
    const { page } = s;
    await page.goto(product.baseUrl + '/dashboard');
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    const card = page.getByTestId(`refund-${task.id}`);
    await card.getByText('40 CENT').waitFor();
    // 300 s deadline + the 7-day review window: "in 7d 0h 6m" or so.
    expect(await card.getByText(/^Refund opens \w{3} \d{1,2}, \d{4} \(in 7d \d+h \d+m\)$/).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await checkPage(page, 'refund-waiting');

    // The public escrow page gives its creator the same card; a visitor sees the audit only.
    await page.goto(`${product.baseUrl}/tasks/${task.id}/escrow`);
    await page.getByText('Chain and app agree').waitFor();
    await page.getByTestId(`refund-${task.id}`).getByText(/^Refund opens .* \(in 7d \d+h \d+m\)$/).waitFor();
    expect(await page.getByRole('heading', { name: 'Your refund' }).count()).toBe(1);
    expect(await page.getByTestId(`refund-${task.id}`).getByRole('link', { name: 'Audit escrow' }).count()).toBe(0);
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(`${product.baseUrl}/tasks/${task.id}/escrow`);
      await visitor.page.getByText('Chain and app agree').waitFor();
      expect(await visitor.page.getByTestId(`refund-${task.id}`).count()).toBe(0);
    } finally {
      await visitor.close();
    }
    await page.goto(product.baseUrl + '/dashboard');
  });

  it('after deadline + review window on the chain: another account and a rejected prompt change nothing, then the refund pays back exactly what is left', async () => {
    const { page } = s;
    const c = chain(product.rpcUrl);
    try {
      const t = (await (await s.context.request.get(`${product.baseUrl}/api/tasks/${task.id}`)).json()) as CreatedTask;
      const opensAt = Math.floor(new Date(t.funding!.refundableAt!).getTime() / 1000);
      const latest = (await c.provider.getBlock('latest'))!.timestamp;
      expect(opensAt).toBeGreaterThan(latest);
      await c.provider.send('evm_increaseTime', [opensAt - latest + 5]);
      await c.provider.send('evm_mine', []);

      await page.reload();
      await page.getByRole('tab', { name: 'My Created Tasks' }).click();
      const card = page.getByTestId(`refund-${task.id}`);
      await card.getByText('The refund window is open.').waitFor();
      const before = await c.balanceOf(product.tokenAddress, creator.address);

      // Another account selected in the wallet: the card refuses before anything is sent.
      const stranger = await newWallet(product);
      await wallet.switchAccount(stranger.privateKey);
      allowSend = true;
      await card.getByRole('button', { name: 'Refund' }).click();
      await card.getByText(/^Refund failed: Switch your wallet to 0x[0-9a-fA-F]{40}: only the wallet that funded the task can refund it\.$/).waitFor();
      expect((await card.textContent())?.toLowerCase()).toContain(creator.address.toLowerCase());
      expect(wallet.log.filter((e) => e.method === 'eth_sendTransaction')).toHaveLength(0);
      await wallet.switchAccount(creator.privateKey);
      allowSend = false;

      // The wallet refuses: the card says so, nothing moved, the button is there to try again.
      await card.getByRole('button', { name: 'Refund' }).click();
      await card.getByText('Refund failed: You rejected the transaction in your wallet.').waitFor();
      expect(await c.balanceOf(product.tokenAddress, creator.address)).toBe(before);

      allowSend = true;
      await card.getByRole('button', { name: 'Refund' }).click();
      const done = card.getByText(/^Refund confirmed in block \d+: 40 CENT returned to your wallet\.$/);
      await done.waitFor({ timeout: 60_000 });
      expect((await c.balanceOf(product.tokenAddress, creator.address)) - before).toBe(parseUnits('40', 18));
      const sent = wallet.log.filter((e) => e.method === 'eth_sendTransaction' && 'result' in e);
      expect(sent).toHaveLength(1);
      const txHash = String(sent[0].result);
      const href = await card.getByRole('link', { name: `Transaction ${txHash}` }).getAttribute('href');
      expect(new URL(href!, product.baseUrl).href).toBe(`${product.baseUrl}/explorer/tx/${txHash}`);

      // The indexer records TaskRefunded: the card, the task and the escrow view say refunded.
      await card.getByText("40 CENT went back to the creator's wallet; nothing more can be paid from this task.").waitFor({ timeout: 60_000 });
      expect(await card.getByText('Refunded', { exact: true }).count()).toBe(1);
      expect(await card.getByRole('button', { name: 'Refund' }).count()).toBe(0);
      const after = (await (await s.context.request.get(`${product.baseUrl}/api/tasks/${task.id}`)).json()) as CreatedTask;
      expect(after.funding?.status).toBe('refunded');
      await checkPage(page, 'refund-done');

      // Reopened later, the card still shows the refund and its transaction (from the chain's events).
      await page.reload();
      await page.getByRole('tab', { name: 'My Created Tasks' }).click();
      await card.getByText('Escrowed:').waitFor();
      await card.getByRole('link', { name: `Transaction ${txHash}` }).waitFor();
      expect(await card.getByText('0 CENT (refunded)', { exact: false }).count()).toBe(1);

      await page.goto(`${product.baseUrl}/tasks/${task.id}/escrow`);
      await page.getByText('Chain and app agree').waitFor();
      // Both sides: 40 CENT refunded; the events table has the refund with the transaction sent from the browser.
      expect(await page.locator('[data-label="Refunded"]').allTextContents()).toEqual(['40 CENT', '40 CENT']);
      const refundRow = page.getByRole('table', { name: 'Escrow events' }).getByRole('row').filter({ hasText: 'Refunded' });
      const rowHref = await refundRow.getByRole('link', { name: `Transaction ${txHash}` }).getAttribute('href');
      expect(new URL(rowHref!, product.baseUrl).href).toBe(`${product.baseUrl}/explorer/tx/${txHash}`);
      await checkPage(page, 'refund-audit');
    } finally {
      c.destroy();
    }
  });
});
