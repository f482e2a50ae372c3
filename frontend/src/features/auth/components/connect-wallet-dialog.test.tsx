import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import ToasterView from '@/components/ui/toaster-view';
import { renderWithApp } from '@/testing/render';
import { AsViewer } from '@/testing/viewer';
import type { DiscoveredWallet } from '@/lib/wallet/eip1193';
import { WALLET_MESSAGES } from '@/lib/wallet/wallet-messages';
import { ConnectWalletDialog } from './connect-wallet-dialog';

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const wallet = (name: string): DiscoveredWallet => ({
  info: { uuid: `uuid-${name}`, name, icon: '', rdns: `dev.${name.toLowerCase()}` },
  provider: { request: () => Promise.reject(new Error('not in this test')) },
});

function show(wallets: DiscoveredWallet[]) {
  const onPassword = vi.fn();
  renderWithApp(
    <AsViewer user={null} wallets={wallets}>
      <ConnectWalletDialog open onClose={() => undefined} onPassword={onPassword} />
      <ToasterView />
    </AsViewer>,
  );
  return { onPassword };
}

// The first render of the Chakra dialog is slow on a loaded 2-core machine: a generous per-test limit.
describe('ConnectWalletDialog', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers every wallet the browser announced, and password sign-in', async () => {
    const { onPassword } = show([wallet('MetaMask'), wallet('Rabby')]);
    const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('button', { name: 'MetaMask' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rabby' })).toBeTruthy();
    expect(screen.queryByText(WALLET_MESSAGES.noWalletDesktop)).toBeNull();
    screen.getByRole('button', { name: 'Sign in with a password' }).click();
    expect(onPassword).toHaveBeenCalledOnce();
  });

  it('on a phone without a wallet: a choice of wallet apps opening this page, not one link', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PHONE_UA);
    show([]);
    await screen.findByText(WALLET_MESSAGES.noWalletMobile);
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('https://'));
    expect(links.map((a) => a.textContent)).toEqual(['MetaMask', 'Coinbase Wallet', 'Trust Wallet', 'Rainbow']);
    expect(links[0].getAttribute('href')).toBe(`https://metamask.app.link/dapp/${window.location.host}${window.location.pathname}`);
  });

  it('on a desktop without a wallet: the spec text, where to get one, and a way to try again', async () => {
    show([]);
    await screen.findByText(WALLET_MESSAGES.noWalletDesktop);
    expect(screen.getByRole('link', { name: 'Find a wallet (ethereum.org)' }).getAttribute('href')).toBe('https://ethereum.org/en/wallets/find-wallet/');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'MetaMask' })).toBeNull();
  });
});
