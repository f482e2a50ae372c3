import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkPage, openBrowser, settle, type Session } from './browser';

// The demo data of `npm start`: six funded tasks by demo_creator (backend/src/cli/seed-demo.ts).
const BANNER = 'Design a banner for the CENT community';

describe('visitor: browse, filter (state in the URL), open a shared task link', () => {
  const { baseUrl } = inject('product');
  let s: Session;
  beforeAll(async () => {
    s = await openBrowser();
  });
  afterAll(() => s.close());

  const cards = () => s.page.getByRole('article');
  const resultsLine = () => s.page.getByRole('status').filter({ hasText: 'found' }).first().textContent();

  it('lists funded tasks with the landing page featuring the first six', async () => {
    const { page } = s;
    await page.goto(baseUrl + '/');
    await page.getByRole('heading', { name: 'Featured Tasks' }).waitFor();
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(6);
    expect(await cards().count()).toBe(6);
    await checkPage(page, 'landing-featured');

    await page.getByRole('link', { name: 'View All Tasks' }).click();
    await page.waitForURL(baseUrl + '/tasks');
    await page.getByRole('heading', { name: 'Available Tasks' }).waitFor();
    expect(await page.getByText('Earn Cryptocurrency').count()).toBe(1);
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(6);
    expect(await resultsLine()).toMatch(/^\d+ tasks found$/);
    await checkPage(page, 'tasks-visitor');
  });

  it('debounces the search into the URL, shows the filtered results line and survives a reload', async () => {
    const { page } = s;
    await page.getByRole('searchbox', { name: 'Search tasks' }).pressSequentially('banner', { delay: 20 });
    await page.waitForURL(/\/tasks\?q=banner$/);
    await expect.poll(resultsLine).toMatch(/^1 task found \(filtered from \d+ total\)$/);
    const chips = page.getByRole('list', { name: 'Active filters' });
    expect(await chips.textContent()).toBe('Search: bannerAvailable onlyClear all');
    expect(await cards().first().getAttribute('aria-label')).toBe(BANNER);
    await page.reload();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search tasks' }).inputValue()).toBe('banner');
    await expect.poll(() => cards().count()).toBe(1);

    await page.getByRole('combobox', { name: 'Category' }).selectOption('Testing');
    await page.waitForURL(/category=Testing/);
    await page.getByRole('heading', { name: 'No Tasks Found' }).waitFor();
    expect(await page.getByText('Try adjusting your filters to see more tasks.').count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Active filters' }).textContent()).toBe('Search: bannerTestingAvailable onlyClear all');
    await checkPage(page, 'tasks-empty-filtered');
    // "0 tasks found" always has a way back: Clear all.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL(/\/tasks\?available=false$/);
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
  });

  it('reads a bookmarked filter URL (category, sort, reward range) and filters on the server', async () => {
    const { page } = s;
    await page.goto(baseUrl + '/tasks?sort=reward-high&min=100&max=250');
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
    const rewards = await cards().evaluateAll((els) =>
      els.map((el) => Number((el.textContent ?? '').match(/([\d,]+) CENTS/)?.[1].replace(/,/g, ''))),
    );
    expect(rewards.every((r) => r >= 100 && r <= 250)).toBe(true);
    expect([...rewards].sort((a, b) => b - a)).toEqual(rewards);
    expect(await page.getByRole('combobox', { name: 'Sort' }).inputValue()).toBe('reward-high');

    expect(await page.getByRole('list', { name: 'Active filters' }).textContent()).toBe('Reward: 100–250 CENTSAvailable onlyClear all');
    await page.getByRole('button', { name: 'Filters, 2 active' }).click();
    const sheet = page.getByRole('dialog', { name: 'Advanced Filters' });
    await sheet.waitFor();
    // The slider runs over the rewards that exist, with number inputs for exact values.
    await sheet.getByText(/^Listed tasks pay \d+–\d+ CENTS\.$/).waitFor();
    expect(await sheet.getByRole('spinbutton', { name: 'Min reward' }).inputValue()).toBe('100');
    expect(await sheet.getByRole('spinbutton', { name: 'Max reward' }).inputValue()).toBe('250');
    expect(Number(await sheet.getByRole('slider', { name: 'Maximum reward' }).getAttribute('aria-valuemax'))).toBeLessThan(100_000);
    await settle(page);
    await checkPage(page, 'tasks-advanced-filters');
    await sheet.getByText('Show available tasks only').click();
    await page.waitForURL(/available=false/);
    await sheet.getByRole('button', { name: 'Done' }).click();
  });

  it('opens a task from its card and from a shared link (/tasks?id=), with Share and Connect Wallet', async () => {
    const { page } = s;
    await page.goto(baseUrl + '/tasks?q=banner');
    await cards().first().getByRole('button', { name: 'View Details' }).click();
    await page.waitForURL(/[?&]id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');
    const dialog = page.getByRole('dialog', { name: BANNER });
    await dialog.waitFor();
    for (const text of ['Reward', 'Est. Time', 'Deadline', 'Description', 'Requirements', 'Submission Information', 'Submission type: File Upload']) {
      expect(await dialog.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    const share = await dialog.getByRole('link', { name: 'Share' }).getAttribute('href');
    const tweet = new URL(share!);
    expect(tweet.origin + tweet.pathname).toBe('https://twitter.com/intent/tweet');
    expect(tweet.searchParams.get('text')).toBe(`Earn 200 CENTS on CENT Tasks: ${BANNER}`);
    expect(tweet.searchParams.get('url')).toBe(`${baseUrl}/tasks?id=${id}`);
    expect(await dialog.getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1);
    await checkPage(page, 'task-detail-visitor');

    // The task detail links to the task's public escrow audit page (anyone can check the chain).
    await dialog.getByRole('link', { name: 'View escrow' }).click();
    await page.waitForURL(`${baseUrl}/tasks/${id}/escrow`);
    await page.getByRole('heading', { name: `Escrow audit: Task #${id}` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A fresh visit of the shared link opens the same dialog; closing it drops the id from the URL.
    await page.goto(`${baseUrl}/tasks?id=${id}`);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(baseUrl + '/tasks');
    // A missing task says so.
    await page.goto(`${baseUrl}/tasks?id=999999`);
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch task' }).waitFor();
  });

  it('shows the load failure state when the server cannot answer the list', async () => {
    const { page } = s;
    // The one answer faked in the journeys: a failing backend, which the real one cannot be made to be on demand.
    await page.route('**/api/tasks?*', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await page.goto(baseUrl + '/tasks');
    await page.getByRole('heading', { name: 'Unable to Load Tasks' }).waitFor();
    expect(await page.getByText('There was an error loading the task data. Please try again later.').count()).toBe(1);
    await checkPage(page, 'tasks-error');
    await page.unroute('**/api/tasks?*');
  });
});
