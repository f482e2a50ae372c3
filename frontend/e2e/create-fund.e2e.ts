import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkPage, openBrowser, settle, type Session } from './browser';
import { addressOf, chain, DEV_KEYS } from './chain';
import { expectToast, signInWithWallet, uniqueName } from './flows';

/** Opens Create Task from the header and fills the form (defaults: reward 50, max 5 → 250 CENT). */
async function fillCreateForm(page: Page, title: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  await dialog.waitFor();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill(`Do ${title}. See https://example.com/guide for details.`);
  await dialog.getByLabel('Requirements').fill('A link to your work.');
  await dialog.getByLabel('Submission type').selectOption('link');
  return dialog;
}

const stepDone = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Funding progress' }).locator('li[data-complete]').filter({ hasText: title });

describe('creator: create a task and fund its escrow (permit, approve + fund, rejection, balance)', () => {
  const { baseUrl, rpcUrl, tokenAddress, escrowAddress } = inject('product');
  const node = chain(rpcUrl);
  const sessions: Session[] = [];
  beforeAll(async () => {
    await node.mintCent(tokenAddress, addressOf(DEV_KEYS[6]), 10_000);
    await node.mintCent(tokenAddress, addressOf(DEV_KEYS[8]), 10_000);
    await node.giveGas(addressOf(DEV_KEYS[10]));
    await node.mintCent(tokenAddress, addressOf(DEV_KEYS[10]), 10_000);
  });
  afterAll(async () => {
    for (const s of sessions) await s.close();
    node.destroy();
  });

  it('validates on blur with the spec messages', async () => {
    const s = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[6] });
    sessions.push(s);
    const { page } = s;
    await signInWithWallet(page, baseUrl, uniqueName('creator'));
    await page.getByRole('banner').getByRole('button', { name: 'Create Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    await dialog.waitFor();
    // Spec defaults.
    expect(await dialog.getByLabel('Reward (CENTS per completion)').inputValue()).toBe('50');
    expect(await dialog.getByLabel('Max completions').inputValue()).toBe('5');
    expect(await dialog.getByLabel('Estimated time (minutes)').inputValue()).toBe('30');
    expect(await dialog.getByLabel('Category').inputValue()).toBe('Content');
    expect(await dialog.getByLabel('Submission type').inputValue()).toBe('text');
    expect(await dialog.getByRole('checkbox', { name: 'Make task active immediately' }).isChecked()).toBe(true);
    const cases: Array<[string, string, string]> = [
      ['Reward (CENTS per completion)', '100001', 'Maximum 100,000 CENTS'],
      ['Max completions', '101', 'Maximum 100 completions'],
      ['Estimated time (minutes)', '481', 'Maximum 8 hours (480 minutes)'],
      ['Reward (CENTS per completion)', 'abc', 'Reward must be a number'],
    ];
    for (const [label, value, message] of cases) {
      await dialog.getByLabel(label).fill(value);
      await dialog.getByLabel(label).blur();
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByLabel('Title').focus();
    await dialog.getByLabel('Title').blur();
    await dialog.getByText('Title is required').waitFor();
    await settle(page);
    await checkPage(page, 'create-task-errors');
  });

  it('creates and funds with ONE fundWithPermit transaction, step by step, until the app lists the task', async () => {
    const { page, wallet } = sessions[0];
    await page.goto(baseUrl + '/tasks');
    const title = uniqueName('Permit task');
    const dialog = await fillCreateForm(page, title);
    await checkPage(page, 'create-task-form');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await page.getByRole('dialog', { name: 'Fund your task' }).getByText('Funded: your task is live.').waitFor({ timeout: 60_000 });
    for (const step of ['Saved', 'Signature', 'Sent', 'Confirmed', 'Seen by the app']) expect(await stepDone(page, step).count(), step).toBe(1);
    const explorer = await page.getByRole('link', { name: 'View on explorer' }).getAttribute('href');
    // The built-in explorer (no EXPLORER_URL): same site, EIP-3091 path.
    expect(new URL(explorer!, baseUrl).href).toMatch(new RegExp(`^${baseUrl}/explorer/tx/0x[0-9a-f]{64}$`));
    await checkPage(page, 'funding-done');
    const methods = wallet!.log.map((e) => e.method);
    expect(methods).toContain('eth_signTypedData_v4');
    const sends = wallet!.log.filter((e) => e.method === 'eth_sendTransaction');
    expect(sends).toHaveLength(1); // the permit made the approve transaction unnecessary
    expect((sends[0].params as Array<{ to: string }>)[0].to.toLowerCase()).toBe(escrowAddress.toLowerCase());
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill(title);
    await page.getByRole('article', { name: title }).waitFor();
  });

  it('falls back to approve + fund when the wallet cannot sign typed data', async () => {
    const s = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[8], unsupported: ['eth_signTypedData_v4'] });
    sessions.push(s);
    const { page, wallet } = s;
    await signInWithWallet(page, baseUrl, uniqueName('approver'));
    await page.goto(baseUrl + '/tasks');
    const title = uniqueName('Approve task');
    const dialog = await fillCreateForm(page, title);
    // The app does not see the funding for a while (its task reads fail): once the chain confirmed it, the
    // person may close the dialog, told why it waits; the app lists the task on its own afterwards.
    const taskRead = /\/api\/tasks\/\d+$/;
    await page.route(taskRead, (route) => route.abort());
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    const fundDialog = page.getByRole('dialog', { name: 'Fund your task' });
    await fundDialog.getByText(/^Waiting for the app to read the funding from the chain/).waitFor({ timeout: 60_000 });
    expect(await fundDialog.getByTestId('cent-balance').textContent()).toMatch(/^Your wallet holds [\d,.]+ CENT\.$/);
    await checkPage(page, 'funding-waiting-seen');
    await fundDialog.getByRole('button', { name: 'Close' }).first().click();
    await fundDialog.waitFor({ state: 'detached' });
    await page.unroute(taskRead);
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill(title);
    await page.getByRole('article', { name: title }).waitFor({ timeout: 60_000 });
    const sends = wallet!.log.filter((e) => e.method === 'eth_sendTransaction' && !e.error);
    expect(sends).toHaveLength(2); // approve, then fund
    expect((sends[0].params as Array<{ to: string }>)[0].to.toLowerCase()).toBe(tokenAddress.toLowerCase());
    expect((sends[1].params as Array<{ to: string }>)[0].to.toLowerCase()).toBe(escrowAddress.toLowerCase());
    // The wallet chip keeps this browser's transactions of the wallet: both confirmed, each with its hash.
    await page.getByRole('banner').getByTestId('wallet-chip').click();
    const recent = page.getByRole('dialog', { name: 'Recent transactions' });
    const rows = recent.getByRole('listitem');
    await expect.poll(() => rows.allTextContents()).toEqual([
      expect.stringMatching(/^Fund task #\d+Confirmed/),
      expect.stringMatching(/^Approve CENT for task #\d+Confirmed/),
    ]);
    expect(await recent.locator('[data-chain-ref="tx"]').count()).toBe(2);
    await settle(page);
    await checkPage(page, 'recent-transactions');
  });

  it('a funding rejected in the wallet (4001) leaves the task fundable later from the list', async () => {
    let reject = true;
    const s = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[10], approve: (m) => !(reject && m === 'eth_signTypedData_v4') });
    sessions.push(s);
    const { page } = s;
    await signInWithWallet(page, baseUrl, uniqueName('rejecter'));
    await page.goto(baseUrl + '/tasks');
    const title = uniqueName('Later task');
    const dialog = await fillCreateForm(page, title);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expectToast(page, 'Blockchain Error', 'You rejected the transaction in your wallet.');
    const fundDialog = page.getByRole('dialog', { name: 'Fund your task' });
    await fundDialog.getByRole('alert').waitFor();
    // The CENT balance is on screen before anything is signed.
    expect(await fundDialog.getByTestId('cent-balance').textContent()).toBe('Your wallet holds 10,000 CENT.');
    await checkPage(page, 'funding-rejected');
    await fundDialog.getByRole('button', { name: 'Fund later' }).click();

    const waiting = page.getByRole('region', { name: 'Your tasks awaiting funding' });
    await waiting.getByText(title).waitFor();
    expect(await page.getByRole('article', { name: title }).count()).toBe(0); // not listed while unfunded
    // Under the page heading, not above it.
    const headingY = (await page.getByRole('heading', { name: 'Available Tasks', level: 1 }).boundingBox())!.y;
    expect((await waiting.boundingBox())!.y).toBeGreaterThan(headingY);
    await checkPage(page, 'tasks-awaiting-funding');

    // The dashboard says so too: "Awaiting funding" (not "Active") with a Fund action beside it.
    await page.goto(baseUrl + '/dashboard');
    await page.getByRole('region', { name: 'Your tasks awaiting funding' }).getByText(title).waitFor();
    await page.getByRole('tab', { name: 'My Created Tasks' }).click();
    const card = page.locator('[data-testid^="my-task-"]').filter({ hasText: title });
    expect(await card.getByTestId('task-status').textContent()).toBe('Awaiting funding');
    await checkPage(page, 'dashboard-awaiting-funding');
    reject = false;
    await card.getByRole('button', { name: `Fund ${title}` }).click();
    await page.getByRole('dialog', { name: 'Fund your task' }).getByRole('button', { name: 'Fund task' }).click();
    await page.getByRole('dialog', { name: 'Fund your task' }).getByText('Funded: your task is live.').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => card.getByTestId('task-status').textContent(), { timeout: 20_000 }).toBe('Active');
    await expect.poll(() => page.getByRole('region', { name: 'Your tasks awaiting funding' }).getByText(title).count()).toBe(0);
  });

  it('refuses to start when the wallet holds less CENT than reward × completions', async () => {
    const s = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[7] });
    sessions.push(s);
    const { page, wallet } = s;
    await signInWithWallet(page, baseUrl, uniqueName('poor'));
    const dialog = await fillCreateForm(page, uniqueName('Poor task'));
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expectToast(page, 'Blockchain Error', 'Insufficient CENT balance. You need at least 250 CENT.');
    expect(wallet!.log.filter((e) => e.method === 'eth_sendTransaction' || e.method === 'eth_signTypedData_v4')).toHaveLength(0);
  });
});
