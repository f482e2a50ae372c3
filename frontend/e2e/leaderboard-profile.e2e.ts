import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import type { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFundedTask, newWallet, signInApi, submitProof, waitUntil } from './actors';
import { checkPage, openBrowser, type Session } from './browser';
import { expectToastText } from './toast';

/** A valid 1×1 PNG (the server decodes every upload). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('leaderboard after payouts, and profile edit with a picture', () => {
  const product = inject('product');
  const { baseUrl } = product;
  const tag = Date.now().toString(36).slice(-5);
  const names = { a: `lb_top_${tag}`, b: `lb_next_${tag}` };
  let s: Session;
  let apis: APIRequestContext[] = [];
  let earners: Wallet[];

  beforeAll(async () => {
    // Earner A is paid 40 + 60 (two tasks), earner B 40: A ranks above B on both views.
    const creator = await newWallet(product, 1000);
    earners = [await newWallet(product), await newWallet(product)];
    const [creatorApi, aApi, bApi] = await Promise.all([0, 1, 2].map(() => playwrightRequest.newContext()));
    apis = [creatorApi, aApi, bApi];
    await signInApi(creatorApi, product, creator);
    await signInApi(aApi, product, earners[0], names.a);
    await signInApi(bApi, product, earners[1], names.b);
    const t1 = await createFundedTask(creatorApi, product, creator, { title: `Leaderboard one ${tag}`, reward: 40, maxCompletions: 2 });
    const t2 = await createFundedTask(creatorApi, product, creator, { title: `Leaderboard two ${tag}`, reward: 60, maxCompletions: 1 });
    const subs = [
      await submitProof(aApi, product, t1.id, 'First proof of the top earner, with details.'),
      await submitProof(bApi, product, t1.id, 'Proof of the second earner, with details.'),
      await submitProof(aApi, product, t2.id, 'Second proof of the top earner, with details.'),
    ];
    for (const sub of subs) {
      const res = await creatorApi.patch(`${baseUrl}/api/submissions/${sub.id}`, { headers: { Origin: baseUrl }, data: { status: 'approved', feedback: 'ok' } });
      expect(res.status(), await res.text()).toBe(200);
    }
    // The leaderboard counts only what was released on chain: wait for the three payouts.
    await waitUntil(async () => {
      const board = (await (await creatorApi.get(`${baseUrl}/api/leaderboard`)).json()) as Array<{ username: string; totalEarned: number }>;
      const a = board.find((e) => e.username === names.a);
      const b = board.find((e) => e.username === names.b);
      return a?.totalEarned === 100 && b?.totalEarned === 40 ? true : null;
    }, 'payouts on the leaderboard', 60_000);
    s = await openBrowser();
  });

  afterAll(async () => {
    await Promise.all([s?.close(), ...apis.map((a) => a.dispose())]);
  });

  it('ranks the paid earners with titles, amounts and bars no wider than 100 %', async () => {
    const { page } = s;
    await page.goto(baseUrl + '/leaderboard');
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    const rows = page.getByRole('list', { name: 'Rankings' }).getByRole('listitem');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    const ia = texts.findIndex((t) => t.includes(names.a));
    const ib = texts.findIndex((t) => t.includes(names.b));
    expect(ia).toBeGreaterThanOrEqual(0);
    expect(ib).toBeGreaterThan(ia);
    expect(texts[ia]).toContain('100 CENTS');
    expect(texts[ia]).toContain('2 tasks');
    expect(texts[ib]).toContain('40 CENTS');
    expect(texts[0]).toContain('Champion');
    const short = `${earners[0].address.slice(0, 6)}...${earners[0].address.slice(-4)}`;
    expect(texts[ia]).toContain(short);
    for (const v of await page.getByRole('progressbar').evaluateAll((els) => els.map((e) => Number(e.getAttribute('aria-valuenow'))))) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
    for (const label of ['Active Users', 'Total CENTS Earned', 'Tasks Completed']) expect(await page.getByText(label, { exact: true }).count()).toBe(1);
    await checkPage(page, 'leaderboard-top-earners');
    await page.getByRole('button', { name: 'Most Active' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Most Active' }).getAttribute('aria-pressed')).toBe('true');
    const active = await rows.allTextContents();
    expect(active.findIndex((t) => t.includes(names.a))).toBeLessThan(active.findIndex((t) => t.includes(names.b)));
    await checkPage(page, 'leaderboard-most-active');
  });

  it('edits the profile with a picture; a refused picture keeps the rest of the update', async () => {
    const { page } = s;
    await signInApi(s.context.request, product, earners[0]);
    await page.goto(baseUrl + '/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByText(names.a).first().waitFor();
    await checkPage(page, 'profile-view');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Username').fill('ab');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Username must be at least 3 characters long').waitFor();
    await page.getByLabel('Username').fill(`${names.a}_x`);
    await page.getByLabel('Email').fill(`top_${tag}@example.org`);
    await page.getByLabel('Bio').fill('I write threads about escrow.');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await checkPage(page, 'profile-edit');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToastText(page, 'Profile updated', 'Your profile has been successfully updated');
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByText('I write threads about escrow.').count()).toBe(1);
    expect(await page.getByText(`top_${tag}@example.org`).count()).toBe(1);
    expect(await page.getByText(`${names.a}_x`).first().count()).toBe(1);
    const src = await page.getByRole('img', { name: `${names.a}_x's profile picture` }).getAttribute('src');
    expect(src).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    await checkPage(page, 'profile-saved');

    // A "PNG" the server cannot decode: the upload is refused, bio and email are still saved.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Bio').fill('Bio saved without a picture.');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'bad.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToastText(page, 'Error uploading image', 'Failed to upload profile image');
    await page.getByText('Bio saved without a picture.').waitFor();
    const me = (await (await s.context.request.get(`${baseUrl}/api/user`)).json()) as { bio: string; profileImage: string };
    expect(me.bio).toBe('Bio saved without a picture.');
    expect(me.profileImage).toBe(src);

    // Not an image at all: refused in the browser.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Profile picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Invalid file type' }).first().waitFor();
  });
});
