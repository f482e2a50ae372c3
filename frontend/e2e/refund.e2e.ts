import { JsonRpcProvider, parseUnits } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedTask, newWallet, signInApi, waitUntil, type CreatedTask, type Product } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { chain } from './chain';
import { injectWallet } from './injected-wallet.mjs';
import { startProduct } from './product';
import { expectToastText } from './toast';

/**
 * The creator's refund after deadline + review window. It moves the chain's clock (the card reads the chain's
 * time through the wallet), so it runs on a product instance of its own.
 */
describe("creator's refund from their own wallet", () => {
  let product: Product;
  let stop: () => Promise<void>;
  let s: Session;
  let task: CreatedTask;
  let creatorAddress: string;

  beforeAll(async () => {
    const started = await startProduct();
    product = started.info;
    stop = started.stop;
    const creator = await newWallet(product, 500);
    creatorAddress = creator.address;
    s = await openBrowser();
    await injectWallet(s.context, { rpcUrl: product.rpcUrl, privateKey: creator.privateKey, autoConnect: true });
    await signInApi(s.context.request, product, creator, `refunder_${Date.now().toString(36).slice(-5)}`);
    task = await createFundedTask(s.context.request, product, creator, { title: 'Refund journey task', reward: 20, maxCompletions: 3, deadlineInSeconds: 300 });
  }, 400_000);

  afterAll(async () => {
    await s?.close();
    await stop?.();
  });

  it('shows what is escrowed and when the refund opens', async () => {
    const { page } = s;
    await page.goto(product.baseUrl + '/dashboard');
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    const card = page.getByTestId(`refund-${task.id}`);
    await card.getByText('60 CENT').waitFor();
    expect(await card.getByText(/^Refund opens \w{3} \d{1,2}, \d{4} \(in (\d+d )?(\d+h )?\d+m\)$/).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await checkPage(page, 'refund-waiting');
  });

  it('refunds every escrowed CENT once the window opens', async () => {
    const { page } = s;
    const audit = (await (await s.context.request.get(`${product.baseUrl}/api/tasks/${task.id}/escrow`)).json()) as { onChain: { refundableAt: string } };
    const provider = new JsonRpcProvider(product.rpcUrl, 31337, { staticNetwork: true });
    const now = Number((await provider.getBlock('latest'))!.timestamp);
    await provider.send('evm_increaseTime', [Math.ceil(new Date(audit.onChain.refundableAt).getTime() / 1000) - now + 5]);
    await provider.send('evm_mine', []);
    provider.destroy();
    const c = chain(product.rpcUrl);
    const before = await c.balanceOf(product.tokenAddress, creatorAddress);
    await page.goto(product.baseUrl + '/dashboard');
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    const card = page.getByTestId(`refund-${task.id}`);
    await card.getByText('60 CENT').waitFor();
    await card.getByText('The refund window is open.').waitFor();
    await card.getByRole('button', { name: 'Refund' }).click();
    await expectToastText(page, 'Refund confirmed', '60 CENT returned to your wallet.');
    expect((await c.balanceOf(product.tokenAddress, creatorAddress)) - before).toBe(parseUnits('60', 18));
    c.destroy();
    await waitUntil(async () => {
      const a = (await (await s.context.request.get(`${product.baseUrl}/api/tasks/${task.id}/escrow`)).json()) as { app: { refundedAmount: string } };
      return a.app.refundedAmount === parseUnits('60', 18).toString() ? true : null;
    }, 'the app records the refund');
    await page.goto(`${product.baseUrl}/tasks/${task.id}/escrow`);
    await page.getByText('Chain and app agree').waitFor();
    expect(await page.getByTestId('on-chain').locator('[data-label="Refunded"]').textContent()).toBe('60 CENT');
    expect(await page.getByTestId('on-chain').locator('[data-label="Remaining"]').textContent()).toBe('0 CENT');
    await checkPage(page, 'refund-audited');
  });
});
