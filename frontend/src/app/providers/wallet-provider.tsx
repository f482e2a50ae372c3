import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toaster } from '@/components/ui/toaster';
import { authApi } from '@/lib/auth/auth-api';
import { useAuth } from '@/lib/auth/auth-context';
import { publicConfigEndpoint } from '@/lib/config/config-api';
import { useAppDispatch } from '@/lib/store-hooks';
import { discoverWallets, isMobileBrowser } from '@/lib/wallet/discovery';
import type { DiscoveredWallet, Eip1193Provider } from '@/lib/wallet/eip1193';
import { ensureNetwork } from '@/lib/wallet/network';
import { WalletContext, type WalletContextValue } from '@/lib/wallet/wallet-context';
import { WALLET_MESSAGES } from '@/lib/wallet/wallet-messages';

const WalletChooser = lazy(() => import('./wallet-chooser').then((m) => ({ default: m.WalletChooser })));

const CHOSEN_KEY = 'cent.wallet.rdns';
const DISCONNECTED_KEY = 'cent.wallet.disconnected';

/** A wallet injected as `window.ethereum` only (no EIP-6963 announcement), offered under a generic name. */
const BROWSER_WALLET_INFO = { uuid: 'window.ethereum', name: 'Browser wallet', icon: '', rdns: '' };

function offeredWallets(announced: DiscoveredWallet[], injected: Eip1193Provider | undefined): DiscoveredWallet[] {
  if (announced.length || !injected) return announced;
  return [{ info: BROWSER_WALLET_INFO, provider: injected }];
}

const firstAccount = (accounts: unknown): string | null =>
  Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;

/**
 * The browser wallet: EIP-6963 discovery (a chooser when several announce), `window.ethereum` as fallback,
 * pick-up of an already authorised account, account changes (none = disconnected), chain change = reload.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { user } = useAuth();
  const [linkWallet] = authApi.useLinkWalletMutation();
  const [wallets, setWallets] = useState<DiscoveredWallet[]>([]);
  const [provider, setProvider] = useState<Eip1193Provider | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [isConnecting, setConnecting] = useState(false);
  const [choosing, setChoosing] = useState<((w: DiscoveredWallet | null) => void) | null>(null);
  const providerRef = useRef<Eip1193Provider | null>(null);
  providerRef.current = provider;
  const walletsRef = useRef(wallets);
  walletsRef.current = wallets;

  useEffect(() => discoverWallets(setWallets), []);

  // Pick up an account the wallet already authorised for this site (no prompt: eth_accounts).
  useEffect(() => {
    if (provider || localStorage.getItem(DISCONNECTED_KEY)) return;
    const chosen = localStorage.getItem(CHOSEN_KEY);
    const candidate = wallets.find((w) => w.info.rdns === chosen)?.provider ?? wallets[0]?.provider ?? window.ethereum;
    if (!candidate) return;
    let live = true;
    candidate
      .request({ method: 'eth_accounts' })
      .then((accounts) => {
        const a = firstAccount(accounts);
        if (live && a) {
          setProvider(candidate);
          setAddress(a);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wallets, provider]);

  useEffect(() => {
    if (!provider?.on) return;
    const onAccounts = (accounts: unknown) => {
      const a = firstAccount(accounts);
      setAddress(a);
      if (!a) setProvider(null);
    };
    const onChain = () => window.location.reload();
    provider.on('accountsChanged', onAccounts as never);
    provider.on('chainChanged', onChain as never);
    return () => {
      provider.removeListener?.('accountsChanged', onAccounts as never);
      provider.removeListener?.('chainChanged', onChain as never);
    };
  }, [provider]);

  const choose = useCallback(async (): Promise<Eip1193Provider | null> => {
    const found = walletsRef.current;
    if (found.length === 1) return found[0].provider;
    if (found.length > 1) {
      const picked = await new Promise<DiscoveredWallet | null>((resolve) => setChoosing(() => resolve));
      setChoosing(null);
      if (!picked) throw new Error('No wallet selected');
      localStorage.setItem(CHOSEN_KEY, picked.info.rdns);
      return picked.provider;
    }
    return window.ethereum ?? null;
  }, []);

  const connect = useCallback<WalletContextValue['connect']>(
    async ({ quiet, use } = {}) => {
      setConnecting(true);
      try {
        const mobile = isMobileBrowser();
        if (use?.info.rdns) localStorage.setItem(CHOSEN_KEY, use.info.rdns);
        const chosen = use ? use.provider : await choose();
        if (!chosen) {
          if (mobile) {
            const config = await dispatch(publicConfigEndpoint.initiate()).unwrap().catch(() => null);
            if (config) window.location.href = config.links.walletDeepLink + window.location.host + window.location.pathname;
            throw new Error(WALLET_MESSAGES.noWalletMobile);
          }
          throw new Error(WALLET_MESSAGES.noWalletDesktop);
        }
        const account = firstAccount(await chosen.request({ method: 'eth_requestAccounts' }));
        if (!account) throw new Error('No account available');
        const config = await dispatch(publicConfigEndpoint.initiate()).unwrap();
        await ensureNetwork(chosen, config, mobile);
        localStorage.removeItem(DISCONNECTED_KEY);
        providerRef.current = chosen;
        setProvider(chosen);
        setAddress(account);
        if (!quiet) toaster.create({ type: 'success', title: WALLET_MESSAGES.connectedTitle, description: WALLET_MESSAGES.connectedText });
        return account;
      } catch (e) {
        const message = e instanceof Error && e.message ? e.message : WALLET_MESSAGES.unknownError;
        if (!quiet) toaster.create({ type: 'error', title: WALLET_MESSAGES.connectFailedTitle, description: message });
        throw e instanceof Error ? e : new Error(message);
      } finally {
        setConnecting(false);
      }
    },
    [choose, dispatch],
  );

  // Spec: after connecting, the address is saved to the server; a failure there is only logged.
  useEffect(() => {
    if (!user || !address || user.walletAddress?.toLowerCase() === address.toLowerCase()) return;
    linkWallet({ walletAddress: address })
      .unwrap()
      .catch((e: unknown) => console.warn('Saving the wallet address failed', e));
  }, [user, address, linkWallet]);

  const disconnect = useCallback(() => {
    localStorage.setItem(DISCONNECTED_KEY, '1');
    setAddress(null);
    setProvider(null);
    toaster.create({ type: 'info', title: WALLET_MESSAGES.disconnectedTitle });
  }, []);

  const request = useCallback<WalletContextValue['request']>((args) => {
    if (!providerRef.current) return Promise.reject(new Error(WALLET_MESSAGES.notDetected));
    return providerRef.current.request(args);
  }, []);

  const offered = useMemo(() => offeredWallets(wallets, window.ethereum), [wallets]);
  const value = useMemo<WalletContextValue>(
    () => ({ address, isConnected: !!address, isConnecting, connect, disconnect, provider, request, wallets: offered }),
    [address, isConnecting, connect, disconnect, provider, request, offered],
  );
  return (
    <WalletContext.Provider value={value}>
      {children}
      {choosing && (
        <Suspense>
          <WalletChooser wallets={wallets} open onPick={(w) => choosing(w)} />
        </Suspense>
      )}
    </WalletContext.Provider>
  );
}
