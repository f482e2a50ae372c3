import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { Contract, JsonRpcProvider, type Wallet } from 'ethers';
import { createFundedTask, newWallet, signInApi, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';

/**
 * The built-in explorer on the product as `npm start` runs it (no EXPLORER_URL): an auditor follows the escrow
 * view's transaction link into /explorer and checks the funding, the escrow contract (verified source), the
 * block, the CENT token and the creator's address, all read from the chain.
 */
describe('built-in explorer, from a task escrow view', () => {
  const product = inject('product');
  const { baseUrl } = product;
  let api: APIRequestContext;
  let creator: Wallet;
  let task: CreatedTask;
  let visitor: Session;

  beforeAll(async () => {
    creator = await newWallet(product, 400);
    api = await playwrightRequest.newContext();
    await signInApi(api, product, creator);
    task = await createFundedTask(api, product, creator, { title: 'Explorer journey task', reward: 35, maxCompletions: 3 });
    visitor = await openBrowser();
  });

  afterAll(async () => {
    await visitor?.close();
    await api?.dispose();
  });

  it('follows the funding transaction from the escrow view to its decoded call and events', async () => {
    const { page } = visitor;
    await page.goto(`${baseUrl}/tasks/${task.id}/escrow`);
    const funded = page.getByRole('table', { name: 'Escrow events' }).getByRole('row').filter({ hasText: 'Funded' });
    const link = funded.getByRole('link', { name: /^Transaction 0x[0-9a-f]{64}$/ });
    const hash = (await link.getAttribute('aria-label'))!.slice('Transaction '.length);
    await link.click();
    await page.waitForURL(`${baseUrl}/explorer/tx/${hash}`);
    await page.getByRole('heading', { name: 'Transaction', level: 1 }).waitFor();
    await page.getByText('fund(uint256,uint128,uint32,uint64)').waitFor();
    const args = page.getByRole('table', { name: 'Arguments of fund' });
    expect(await args.locator('[data-arg="taskId"]').textContent()).toBe(task.chainTaskId);
    expect(await args.locator('[data-arg="reward"]').textContent()).toBe('35 CENT');
    expect(await args.locator('[data-arg="maxCompletions"]').textContent()).toBe('3');
    expect(await page.locator('[data-fact="Status"]').textContent()).toBe('success');
    // Its events: TaskFunded (the escrow key, task id, funder, amount) and the CENT Transfer into the escrow.
    const fundedEvent = page.getByRole('table', { name: /^Arguments of event \d+ TaskFunded$/ });
    expect(await fundedEvent.locator('[data-arg="amount"]').textContent()).toBe('105 CENT');
    expect(await fundedEvent.locator('[data-arg="key"]').textContent()).toBe(task.funding!.escrowKey);
    const transfer = page.getByRole('table', { name: /^Arguments of event \d+ Transfer$/ });
    expect(await transfer.locator('[data-arg="value"]').textContent()).toBe('105 CENT');
    expect(await transfer.getByRole('link', { name: `Address ${product.escrowAddress}` }).count()).toBe(1);
    await checkPage(page, 'explorer-tx');

    // Its block lists it as a `fund` call.
    await page.locator('[data-fact="Block"]').getByRole('link', { name: /^Block \d+$/ }).click();
    await page.getByRole('heading', { name: /^Block \d+$/, level: 1 }).waitFor();
    const row = page.getByRole('table', { name: 'Transactions of this block' }).getByRole('row').filter({ hasText: 'fund' });
    await row.getByRole('link', { name: `Transaction ${hash}` }).waitFor();
    await checkPage(page, 'explorer-block');
  });

  it('shows the escrow contract with its CENT balance and the server\'s verify-deployment match, and its recorded source', async () => {
    const { page } = visitor;
    await page.goto(`${baseUrl}/tasks/${task.id}/escrow`);
    await page.getByRole('link', { name: `Escrow contract ${product.escrowAddress}` }).first().click();
    await page.waitForURL(`${baseUrl}/explorer/address/${product.escrowAddress}`);
    await page.getByRole('heading', { name: 'TaskEscrow', level: 1 }).waitFor();
    const provider = new JsonRpcProvider(product.rpcUrl, 31337, { staticNetwork: true });
    const held = await new Contract(product.tokenAddress, ['function balanceOf(address) view returns (uint256)'], provider).balanceOf(product.escrowAddress);
    provider.destroy();
    await expect.poll(() => page.getByTestId('cent-balance').textContent()).toBe(`${formatWhole(held)} CENT`);
    // verify-deployment recompiles with solc: give it time on a busy machine.
    await page.getByText('Verified: the recorded source compiles to the code on chain (match)').waitFor({ timeout: 240_000 });
    expect(await page.getByRole('combobox', { name: 'Source file' }).inputValue()).toBe('contracts/src/TaskEscrow.sol');
    expect(await page.getByTestId('source-file').textContent()).toContain('contract TaskEscrow');
    await page.getByRole('table', { name: 'CENT transfers' }).waitFor();
    await checkPage(page, 'explorer-escrow');
  }, 300_000);

  it('shows the CENT token, the creator\'s address with its transfers, the home page, search and what is not found', async () => {
    const { page } = visitor;
    await page.goto(`${baseUrl}/explorer/token/${product.tokenAddress}`);
    await page.getByRole('heading', { name: 'CENT (CENT)', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'CENT transfers' }).getByRole('row').nth(1).waitFor();
    await checkPage(page, 'explorer-token');

    await page.goto(`${baseUrl}/explorer/address/${creator.address}`);
    await page.getByRole('heading', { name: 'Address', level: 1 }).waitFor();
    // 400 minted, 105 into the escrow.
    await expect.poll(() => page.getByTestId('cent-balance').textContent()).toBe('295 CENT');
    const rows = page.getByRole('table', { name: 'CENT transfers' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: '105 CENT' }).getByRole('link', { name: `Address ${product.escrowAddress}` }).count()).toBe(1);
    await checkPage(page, 'explorer-address');

    // A fresh address: nothing yet.
    await page.goto(`${baseUrl}/explorer/address/0x000000000000000000000000000000000000dEaD`);
    await page.getByText(/^No CENT transfers in blocks \d+–\d+\.$/).waitFor();
    await checkPage(page, 'explorer-address-empty');

    await page.goto(`${baseUrl}/explorer`);
    await page.getByRole('heading', { name: 'Block explorer', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Latest blocks' }).getByRole('row').nth(1).waitFor();
    await checkPage(page, 'explorer-home');
    const search = page.getByRole('searchbox', { name: 'Search by transaction hash, address or block number' });
    await search.fill('not a hash');
    await search.press('Enter');
    await page.getByText('Enter a 0x transaction hash (64 hex digits), an address (40 hex digits) or a block number.').waitFor();
    await search.fill('1');
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/explorer/block/1`);
    await page.getByRole('heading', { name: 'Block 1', level: 1 }).waitFor();

    await page.goto(`${baseUrl}/explorer/tx/0x${'00'.repeat(32)}`);
    await page.getByRole('alert').filter({ hasText: 'Transaction not found on this chain' }).waitFor();
    await checkPage(page, 'explorer-not-found');
  });
});

/** Whole CENT of a base-unit amount that is a whole number of CENT (the journeys mint and fund whole CENT). */
function formatWhole(base: bigint): string {
  return (base / 10n ** 18n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
