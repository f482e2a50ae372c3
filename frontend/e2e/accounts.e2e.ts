import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkPage, openBrowser, settle, type Session } from './browser';
import { addressOf, DEV_KEYS } from './chain';
import { expectToast, openConnectWallet, swipeToast, signInWithWallet, uniqueName } from './flows';

describe('accounts: wallet sign-in (SIWE) with username setup, password register and login, logout', () => {
  const { baseUrl, rpcUrl } = inject('product');
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const s of sessions) await s.close();
  });

  it('signs in with the wallet, asks for a username on the first login, keeps the session, logs out', async () => {
    const s = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[5] });
    sessions.push(s);
    const { page, wallet } = s;
    await page.goto(baseUrl + '/');
    // One way in: the header offers only the wallet button; its dialog lists the injected wallet.
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    const connect = await openConnectWallet(page);
    await settle(page);
    await checkPage(page, 'connect-wallet-dialog');
    await connect.getByRole('button', { name: 'Test Wallet' }).click();
    // A first sign-in is a welcome, not a "welcome back".
    await expectToast(page, 'Authentication successful', 'Welcome, ');
    const dialog = page.getByRole('dialog', { name: 'Choose a username' });
    await dialog.waitFor();
    expect(await dialog.getByText('Username can only contain letters, numbers, and underscores').count()).toBe(1);
    const save = dialog.getByRole('button', { name: 'Save username' });
    await dialog.getByLabel('Username').fill('ab');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Username').fill('bad-name!');
    await save.click();
    await expectToast(page, 'Invalid username', 'Please enter a username with at least 3 characters');
    await settle(page);
    await checkPage(page, 'username-dialog');
    const name = uniqueName('earner');
    await dialog.getByLabel('Username').fill(name);
    await save.click();
    await expectToast(page, 'Username set successfully');
    await page.getByRole('button', { name: `Account menu for ${name}` }).waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Create Task' }).count()).toBe(1);
    // The wallet saw exactly the SIWE flow: accounts, network checks, one personal_sign of the server's message.
    const signs = wallet!.log.filter((e) => e.method === 'personal_sign');
    expect(signs).toHaveLength(1);
    expect(wallet!.log.some((e) => e.method === 'wallet_watchAsset')).toBe(true);

    // The session survives a reload; protected pages open; the user menu has Profile and Logout (no Admin).
    await page.goto(baseUrl + '/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    // The account chip: network, CENT balance and the short address of the connected wallet.
    const chip = page.getByRole('banner').getByTestId('wallet-chip');
    await expect.poll(() => chip.textContent(), { timeout: 20_000 }).toMatch(/ CENT/);
    const a = wallet!.address;
    expect(await chip.textContent()).toContain(`${a.slice(0, 6)}...${a.slice(-4)}`);
    await page.getByRole('button', { name: `Account menu for ${name}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Profile' }).count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await settle(page);
    await checkPage(page, 'user-menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully');
    await page.waitForURL(baseUrl + '/');
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).waitFor();

    // Signing in again is not a first login: no username dialog, the name is back.
    await signInWithWallet(page, baseUrl);
    await page.getByRole('button', { name: `Account menu for ${name}` }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Choose a username' }).count()).toBe(0);
    expect(addressOf(DEV_KEYS[5])).toBe(wallet!.address);
  });

  it('shows "Signature Failed" when the wallet refuses to sign, and stays signed out', async () => {
    const s = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[13], approve: (m) => m !== 'personal_sign' });
    sessions.push(s);
    await s.page.goto(baseUrl + '/');
    const connect = await openConnectWallet(s.page);
    await connect.getByRole('button', { name: 'Test Wallet' }).click();
    await expectToast(s.page, 'Signature Failed', 'Failed to sign authentication message. Please try again.');
    // The dialog stays open to try again; closed, the visitor is still signed out.
    await connect.getByRole('button', { name: 'Close' }).click();
    await connect.waitFor({ state: 'hidden' });
    expect(await s.page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1);
  });

  it('without any wallet: the desktop install text, and "Wallet connection failed" on a retry', async () => {
    const s = await openBrowser();
    sessions.push(s);
    await s.page.goto(baseUrl + '/');
    const connect = await openConnectWallet(s.page);
    await connect.getByText('Wallet extension not detected. Please install the wallet extension.').waitFor();
    await connect.getByRole('button', { name: 'Try again' }).click();
    await expectToast(s.page, 'Wallet connection failed', 'Wallet extension not detected. Please install the wallet extension.');
    // The same toast again, dismissed by swiping it (spec §9): a short drag leaves it, 50 px and more close it.
    await connect.getByRole('button', { name: 'Try again' }).click();
    const toast = s.page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Wallet connection failed' }).first();
    await swipeToast(s.page, 'Wallet connection failed', 20);
    expect(await toast.isVisible()).toBe(true);
    await swipeToast(s.page, 'Wallet connection failed', 90);
    await toast.waitFor({ state: 'hidden' });
  });

  it('registers with a password, logs out, refuses a wrong password, logs in', async () => {
    const s = await openBrowser();
    sessions.push(s);
    const { page } = s;
    const name = uniqueName('pw');
    await page.goto(baseUrl + '/');
    await (await openConnectWallet(page)).getByRole('button', { name: 'Sign in with a password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Username').fill(name);
    await dialog.getByLabel('Email (optional)').fill(`${name}@example.com`);
    await dialog.getByLabel('Password').fill('correct horse battery');
    await settle(page);
    await checkPage(page, 'register-dialog');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expectToast(page, 'Registration successful', 'Connect your wallet to start earning.');
    await page.getByRole('button', { name: `Account menu for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully');

    await (await openConnectWallet(page)).getByRole('button', { name: 'Sign in with a password' }).click();
    await dialog.getByLabel('Username').fill(name);
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login failed', 'Invalid username or password');
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login successful');
    await page.getByRole('button', { name: `Account menu for ${name}` }).waitFor();
  });
});
