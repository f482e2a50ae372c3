import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import type { Wallet } from 'ethers';
import { createFundedTask, newWallet, signInApi, type CreatedTask } from './actors';
import { checkPage, openBrowser, type Session } from './browser';

/**
 * The auditor's page: the escrow's contracts and terms in full, and "Verify it yourself": the browser runs the
 * read calls against the chain's public RPC itself and sets each answer beside the API's claim. A server that
 * lies (its answer altered on the way) is caught; an RPC the browser cannot reach says so.
 */
describe("auditor's page: verify the escrow from the browser", () => {
  const product = inject('product');
  const { baseUrl, rpcUrl } = product;
  let api: APIRequestContext;
  let creator: Wallet;
  let task: CreatedTask & { title?: string };
  let s: Session;

  beforeAll(async () => {
    creator = await newWallet(product, 300);
    api = await playwrightRequest.newContext();
    await signInApi(api, product, creator);
    task = await createFundedTask(api, product, creator, { title: 'Audit me from the browser', reward: 20, maxCompletions: 4 });
    s = await openBrowser();
  });

  afterAll(async () => {
    await s?.close();
    await api?.dispose();
  });

  const figure = (call: string) => s.page.locator(`[data-figure="${call}"]`);

  it('shows the contracts, the chain, the task, the escrow key and its terms in full, with one finality wording', async () => {
    const { page } = s;
    await page.goto(`${baseUrl}/tasks/${task.id}/escrow`);
    await page.getByText('Chain and app agree').waitFor();
    const facts = page.getByRole('definition');
    expect(await page.locator('[data-fact="Task"]').textContent()).toBe('Audit me from the browser');
    expect(await page.locator('[data-fact="Chain"]').textContent()).toBe('CENT local chain (chain id 31337)');
    // Full addresses (not shortened), each a link with a copy button.
    expect(await page.locator('[data-fact="Escrow contract"]').getByRole('link', { name: `Escrow contract ${product.escrowAddress}` }).textContent()).toBe(product.escrowAddress);
    expect(await page.locator('[data-fact="CENT token"]').getByRole('link', { name: `CENT token ${product.tokenAddress}` }).textContent()).toBe(product.tokenAddress);
    expect(await page.getByTestId('escrow-key').textContent()).toBe(task.funding!.escrowKey);
    expect((await page.locator('[data-fact="Funder"]').getByRole('link').textContent())!.toLowerCase()).toBe(creator.address.toLowerCase());
    expect(await page.locator('[data-fact="Reward per payout"]').textContent()).toBe('20 CENT');
    expect(await page.locator('[data-fact="Max completions"]').textContent()).toBe('4');
    expect(await page.locator('[data-fact="Escrowed in total"]').textContent()).toBe('80 CENT');
    expect(await facts.count()).toBeGreaterThan(8);
    await page.getByText(/Chain facts are final after 0 confirmations$/).waitFor();
    const funded = page.getByRole('table', { name: 'Escrow events' }).getByRole('row').filter({ hasText: 'Funded' });
    expect(await funded.getByText(/^Final \(\d+ confirmations?\)$/).count()).toBe(1);
    await checkPage(page, 'escrow-audit-terms');
  });

  it('runs getEscrow, remainingOf and the logs by key from the browser to the public RPC, every figure matching the API', async () => {
    const { page } = s;
    const rpcCalls: string[] = [];
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(rpcUrl)) rpcCalls.push(...[r.postDataJSON()].flat().map((b: { method: string }) => b.method));
      else if (r.url().startsWith(`${baseUrl}/api/`)) apiCalls.push(r.url());
    });
    const calls = await page.getByTestId('read-calls').textContent();
    expect(calls).toContain(`TaskEscrow(${product.escrowAddress}).getEscrow(${task.funding!.escrowKey})`);
    expect(calls).toContain(`TaskEscrow(${product.escrowAddress}).remainingOf(${task.funding!.escrowKey})`);
    expect(calls).toContain('topics: [[TaskFunded, RewardReleased, TaskRefunded]');
    await page.getByRole('button', { name: 'Run the read calls in my browser' }).click();
    await page.getByText(/^All 11 figures match what the app claims \(read at block \d+\)\.$/).waitFor();
    expect(await figure('getEscrow(key).remaining').locator('[data-side="browser"]').textContent()).toBe('80 CENT');
    expect(await figure('remainingOf(key)').locator('[data-side="api"]').textContent()).toBe('80 CENT');
    expect(await figure('TaskFunded logs with topic key').locator('[data-side="browser"]').textContent()).toBe('80 CENT');
    expect(await figure('getEscrow(key).funder').locator('[data-side="browser"]').textContent()).toBe(creator.address);
    expect(await page.getByText('Mismatch', { exact: true }).count()).toBe(0);
    // The reads went to the chain's RPC from the browser, none through the app's API.
    expect(rpcCalls).toEqual(expect.arrayContaining(['eth_call', 'eth_getLogs', 'eth_blockNumber']));
    expect(apiCalls).toEqual([]);
    await checkPage(page, 'escrow-audit-verified');
  });

  it('catches an API that lies: the altered claims are flagged beside what the chain says', async () => {
    const { page } = s;
    await page.route(`${baseUrl}/api/tasks/${task.id}/escrow`, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.app.releasedAmount = (20n * 10n ** 18n).toString();
      body.app.paidCount = 1;
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Run the read calls in my browser' }).click();
    await page.getByText(/^4 of 11 figures differ from what the app claims/).waitFor();
    const released = figure('RewardReleased logs with topic key');
    expect(await released.getByText('Mismatch').count()).toBe(1);
    expect(await released.locator('[data-side="browser"]').textContent()).toBe('0 CENT');
    expect(await released.locator('[data-side="api"]').textContent()).toBe('20 CENT');
    expect(await figure('getEscrow(key).paidCount').getByText('Mismatch').count()).toBe(1);
    await checkPage(page, 'escrow-audit-mismatch');
    await page.unroute(`${baseUrl}/api/tasks/${task.id}/escrow`);
  });

  it('says so when the browser cannot reach the public RPC', async () => {
    const { page } = s;
    await page.route(`${rpcUrl}/**`, (route) => route.abort('connectionrefused'));
    await page.route(rpcUrl, (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.getByRole('button', { name: 'Run the read calls in my browser' }).click();
    await page.getByRole('alert').filter({ hasText: `Your browser could not read the chain at ${rpcUrl}` }).waitFor();
    await checkPage(page, 'escrow-audit-rpc-down');
    await page.unrouteAll();
  });
});
