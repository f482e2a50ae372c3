import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkPage, openBrowser, PHONE, type Session } from './browser';

describe('app shell: routes, header, footer, 404 and protected pages (visitor)', () => {
  const { baseUrl } = inject('product');
  let s: Session;
  beforeAll(async () => {
    s = await openBrowser();
  });
  afterAll(() => s.close());

  it('serves the landing page with the header, the wallet button and the footer', async () => {
    const { page } = s;
    await page.goto(baseUrl + '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Complete Tasks, Earn Crypto');
    // The header's session corner settles once GET /api/user answers (401: a visitor).
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Tasks', 'Leaderboard', 'Chart', 'Buy Now']) {
      expect(await nav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    // A visitor's nav does not offer the signed-in pages.
    for (const name of ['Dashboard', 'Approvals']) expect(await nav.getByRole('link', { name, exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Chart' }).getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create Task' }).count()).toBe(0);
    const footer = page.getByRole('contentinfo');
    for (const name of ['Social', 'Chat', 'Whitepaper']) expect(await footer.getByRole('link', { name }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'View Leaderboard' }).count()).toBe(1);
    await checkPage(page, 'landing-visitor');
  });

  it('shows "404 Page Not Found" for an unknown path (served as the app, not a server 404)', async () => {
    const res = await s.page.goto(baseUrl + '/no/such/page');
    expect(res?.status()).toBe(200);
    await expect.poll(() => s.page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await checkPage(s.page, 'not-found');
  });

  it('redirects /auth to /; a protected page asks a visitor to sign in there and opens once signed in', async () => {
    await s.page.goto(baseUrl + '/auth');
    await s.page.waitForURL(baseUrl + '/');
    await expect.poll(() => s.page.getByRole('heading', { level: 1 }).textContent()).toBe('Complete Tasks, Earn Crypto');
    for (const p of ['/dashboard', '/approvals', '/admin', '/profile']) {
      await s.page.goto(baseUrl + p);
      await expect.poll(() => s.page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to continue');
      expect(s.page.url()).toBe(baseUrl + p);
    }
    await checkPage(s.page, 'sign-in-required');
    // An account (made and signed out through the API), then signed in from this page: /profile is what opens.
    const name = `shell${Date.now().toString(36).slice(-6)}`;
    expect((await s.page.request.post(`${baseUrl}/api/register`, { headers: { Origin: baseUrl }, data: { username: name, password: 'shell-journey-1' } })).status()).toBe(201);
    expect((await s.page.request.post(`${baseUrl}/api/logout`, { headers: { Origin: baseUrl } })).status()).toBeLessThan(300);
    await s.page.reload();
    await s.page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    const d = s.page.getByRole('dialog');
    await d.getByLabel('Username').fill(name);
    await d.getByLabel('Password').fill('shell-journey-1');
    await d.getByRole('button', { name: 'Sign in' }).click();
    await s.page.getByRole('button', { name: `Account menu for ${name}` }).waitFor();
    expect(s.page.url()).toBe(baseUrl + '/profile');
    await expect.poll(() => s.page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    expect(await s.page.getByRole('heading', { name: 'Sign in to continue' }).count()).toBe(0);
    await s.page.request.post(`${baseUrl}/api/logout`, { headers: { Origin: baseUrl } });
    await s.page.goto(baseUrl + '/');
  });

  it('keeps an unknown API path a JSON 404', async () => {
    const res = await s.page.request.get(baseUrl + '/api/nope');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toMatch(/application\/json/);
  });

  it('mirrors the navigation in the mobile menu', async () => {
    const { page } = s;
    await page.setViewportSize(PHONE);
    await page.goto(baseUrl + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL(baseUrl + '/leaderboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Leaderboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1);
    await checkPage(page, 'mobile-menu');
  });
});
