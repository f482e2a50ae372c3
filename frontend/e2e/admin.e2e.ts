import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, dialog, E2E_ADMIN_KEY, newWallet, signInApi, submitProof, waitUntil } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { injectWallet } from './injected-wallet.mjs';
import { expectToastText } from './toast';

/**
 * The admin console: overview, users, tasks; one AI validation in the review dialog; AI Auto-Approve and Manual
 * Approve All (one request each); the approvals page as an admin. Approving "all" takes every pending submission of
 * the shared product, which is what an admin's button does.
 */
describe('admin console (admin with a wallet)', () => {
  const product = inject('product');
  const { baseUrl } = product;
  const tag = Date.now().toString(36).slice(-5);
  let s: Session;
  let apis: APIRequestContext[] = [];
  const subs: number[] = [];

  beforeAll(async () => {
    const creator = await newWallet(product, 1000);
    const earners = await Promise.all([0, 1, 2].map(() => newWallet(product)));
    const creatorApi = await playwrightRequest.newContext();
    apis = [creatorApi];
    await signInApi(creatorApi, product, creator);
    const task = await createFundedTask(creatorApi, product, creator, { title: `Admin journey ${tag}`, reward: 10, maxCompletions: 5, category: 'Research' });
    const proofs = [
      'I compared three bounty platforms on fees, escrow and payout speed, with a table and sources for each platform.',
      'I compared three bounty platforms on fees, escrow and payout speed, with a table and sources for each platform.',
      'done',
    ];
    for (const [i, e] of earners.entries()) {
      const api = await playwrightRequest.newContext();
      apis.push(api);
      await signInApi(api, product, e);
      subs.push((await submitProof(api, product, task.id, proofs[i], `admin-notes-${i + 1}`)).id);
    }
    const admin = await newWallet(product, 0, E2E_ADMIN_KEY);
    s = await openBrowser();
    await injectWallet(s.context, { rpcUrl: product.rpcUrl, privateKey: admin.privateKey, autoConnect: true });
    const me = await signInApi(s.context.request, product, admin);
    expect((me as { isAdmin?: boolean }).isAdmin).toBe(true);
    const unfunded = await s.context.request.post(`${baseUrl}/api/tasks`, {
      headers: { Origin: baseUrl },
      data: {
        title: `Unfunded ${tag}`, description: 'Saved, never funded.', requirements: 'None.', category: 'Other', reward: 5,
        maxCompletions: 1, estimatedTime: 5, deadline: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(), submissionType: 'text', isActive: true,
      },
    });
    expect(unfunded.status(), await unfunded.text()).toBe(201);
  });

  afterAll(async () => {
    await Promise.all([s?.close(), ...apis.map((a) => a.dispose())]);
  });

  it('shows the overview, the users and the tasks', async () => {
    const { page } = s;
    await page.goto(baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    for (const label of ['Total Users', 'Total Tasks', 'Total Submissions', 'CENTS Paid Out']) expect(await page.getByText(label, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Recent submissions' }).getByRole('row').count()).toBeLessThanOrEqual(6);
    expect(await page.getByRole('list', { name: 'Tasks per category' }).getByText('Research').count()).toBe(1);
    await checkPage(page, 'admin-overview');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    expect(await page.getByRole('table', { name: 'Users' }).getByText('Admin', { exact: true }).count()).toBeGreaterThan(0);
    await checkPage(page, 'admin-users');
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page.getByRole('table', { name: 'Tasks' }).getByText(`Admin journey ${tag}`).waitFor();
    // A task saved but not funded reads "Awaiting funding" (not "Active"), with Fund for its creator.
    const row = page.getByRole('table', { name: 'Tasks' }).getByRole('row').filter({ hasText: `Unfunded ${tag}` });
    expect(await row.getByText('Awaiting funding', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('button', { name: `Fund Unfunded ${tag}` }).count()).toBe(1);
    await checkPage(page, 'admin-tasks');
  });

  it('validates one submission in the review dialog and shows the evidence', async () => {
    const { page } = s;
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByRole('button', { name: `Review submission ${subs[1]}` }).click();
    const d = dialog(page);
    await d.getByText('admin-notes-2').waitFor();
    await d.getByRole('button', { name: 'AI Validate' }).click();
    await expectToastText(page, 'AI Analysis Complete', 'Confidence: ');
    const result = d.getByTestId('ai-result');
    await result.waitFor();
    // The second proof copies the first word for word: the validator says so.
    expect(await result.textContent()).toMatch(new RegExp(`#${subs[0]}`));
    await checkPage(page, 'review-ai-result');
    await d.getByRole('button', { name: 'Close' }).first().click();
    await d.waitFor({ state: 'detached' });

    // Reopened after a reload (nothing in memory): the stored validation, with the evidence and who ran it.
    await page.reload();
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByRole('button', { name: `Review submission ${subs[1]}` }).click();
    const again = d.getByTestId('ai-result');
    await again.getByText("Copy of another user's text").waitFor();
    expect(await again.textContent()).toMatch(new RegExp(`#${subs[0]}`));
    expect(await again.getByText(/^Stored analysis run \w{3} \d{1,2}, \d{4} by User #\d+ \(heuristic\)$/).count()).toBe(1);
    expect(await d.getByRole('button', { name: 'AI Validate' }).count()).toBe(0);
    await checkPage(page, 'review-ai-stored');
    await d.getByRole('button', { name: 'Close' }).first().click();
    await d.waitFor({ state: 'detached' });
  });

  it('auto-approves the eligible submissions; Manual Approve All confirms count and CENT, leaves the AI-rejected out unless included', async () => {
    const { page } = s;
    const statusOf = async (id: number) => ((await (await s.context.request.get(`${baseUrl}/api/submissions/${id}`)).json()) as { status: string }).status;
    await page.getByRole('button', { name: 'AI Auto-Approve' }).click();
    await expectToastText(page, 'AI Analysis Complete', 'submissions analyzed: ');
    const results = page.getByTestId('ai-results');
    await results.waitFor();
    expect(await results.getByRole('table', { name: 'AI results' }).getByText(String(subs[2]), { exact: true }).count()).toBe(1);
    await checkPage(page, 'admin-ai-results');
    // "done" and the copied text: the AI recommends rejecting both, so neither was auto-approved.
    expect(await statusOf(subs[1])).toBe('pending');
    expect(await statusOf(subs[2])).toBe('pending');
    expect(await results.getByTestId(`ai-decision-${subs[2]}`).textContent()).toBe('Pending Review');

    // The confirm dialog: the AI-rejected ones are listed but not picked; nothing is approved by opening it.
    await page.getByRole('button', { name: 'Manual Approve All' }).click();
    const d = dialog(page, 'Approve pending submissions');
    await d.waitFor();
    const row2 = d.getByTestId(`approve-row-${subs[2]}`);
    await row2.waitFor();
    expect(await row2.textContent()).toContain('AI: Rejected');
    expect(await row2.getByRole('checkbox').isChecked()).toBe(false);
    expect(await d.getByTestId(`approve-row-${subs[1]}`).getByRole('checkbox').isChecked()).toBe(false);
    const include = d.getByText(/^Include AI-rejected and high-risk submissions \(\d+\)$/);
    await checkPage(page, 'admin-approve-all-confirm');

    // Include them, then pick only this journey's pending ones (the product is shared): exactly those are sent.
    await include.click();
    await expect.poll(() => d.getByRole('checkbox', { name: /^Include AI-rejected/ }).isChecked()).toBe(true);
    const mine: number[] = [];
    for (const id of subs) if ((await statusOf(id)) === 'pending') mine.push(id);
    for (const li of await d.locator('li[data-testid^="approve-row-"]').all()) {
      const id = Number((await li.getAttribute('data-testid'))!.replace('approve-row-', ''));
      const box = li.getByRole('checkbox');
      if (mine.includes(id) !== (await box.isChecked())) await li.locator('[data-part="control"]').click();
    }
    const n = mine.length;
    await expect.poll(() => d.getByTestId('approve-all-summary').textContent()).toBe(`Approve ${n} submissions and release ${n * 10} CENTS from escrow?`);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/admin/bulk-approve'));
    await d.getByRole('button', { name: `Approve ${n} (${n * 10} CENTS)` }).click();
    expect((JSON.parse((await sent).postData() ?? '{}') as { submissionIds: number[] }).submissionIds.sort()).toEqual([...mine].sort());
    await expectToastText(page, 'Bulk Approval Complete', `${n} submissions approved, 0 skipped`);
    const statuses = await waitUntil(async () => {
      const all = await Promise.all(subs.map(statusOf));
      return all.every((x) => x === 'approved') ? all : null;
    }, 'every submission approved');
    expect(statuses).toEqual(['approved', 'approved', 'approved']);
    // The AI panel refreshes: the verdict stays the AI's, the decision is the admin's.
    await expect.poll(() => results.getByTestId(`ai-decision-${subs[2]}`).textContent(), { timeout: 20_000 }).toBe('Approved');
  });

  it('shows AI Analytics from measured figures and the approvals page titled for admins', async () => {
    const { page } = s;
    await page.getByRole('tab', { name: 'AI Analytics' }).click();
    const a = page.getByTestId('ai-analytics');
    await a.waitFor();
    expect(await a.textContent()).not.toContain('94.2%');
    await checkPage(page, 'admin-analytics');
    await page.goto(baseUrl + '/approvals');
    await page.getByRole('heading', { name: 'Admin Approvals Dashboard', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.getByTestId(`approval-${subs[0]}`).waitFor();
    await checkPage(page, 'approvals-admin');

    // The search and the status filter run on the server (the admins' list is paged there).
    await page.getByRole('tab', { name: 'All Submissions' }).click();
    const cards = page.locator('[data-testid^="approval-"]');
    const asked = page.waitForRequest((r) => r.url().includes('/api/admin/dashboard?') && new URL(r.url()).searchParams.get('q') === 'admin-notes-3');
    await page.getByRole('textbox', { name: 'Search submissions' }).fill('admin-notes-3');
    await asked;
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId(`approval-${subs[2]}`).waitFor();
    await page.getByRole('textbox', { name: 'Search submissions' }).fill(`ADMIN JOURNEY ${tag}`);
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);
    await checkPage(page, 'approvals-admin-search');
    const filtered = page.waitForRequest((r) => {
      const params = new URL(r.url()).searchParams;
      return r.url().includes('/api/admin/dashboard?') && params.get('status') === 'rejected' && params.get('q') === `ADMIN JOURNEY ${tag}`;
    });
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await filtered;
    await page.getByText('No submissions found').waitFor();
    expect(await cards.count()).toBe(0);
  });
});
