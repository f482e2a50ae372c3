import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedTask, newWallet, signInApi, type CreatedTask, type Product } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { injectWallet } from './injected-wallet.mjs';
import { startProduct } from './product.mjs';

/**
 * The creator's refund after deadline + review window. It moves the chain's clock (the card reads the chain's
 * time through the wallet), so it runs on a product instance of its own.
 */
describe("creator's refund from their own wallet", () => {
  let product: Product;
  let stop: () => Promise<void>;
  let s: Session;
  let task: CreatedTask;

  beforeAll(async () => {
    const started = await startProduct();
    product = started.info;
    stop = started.stop;
    const creator = await newWallet(product, 500);
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
});
