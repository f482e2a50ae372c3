import type { DiscoveredWallet } from './eip1193';

/**
 * EIP-6963: wallets announce themselves in answer to `eip6963:requestProvider`. Calls `onChange` with every
 * wallet seen so far (one entry per uuid) and returns the unsubscribe function.
 */
export function discoverWallets(onChange: (wallets: DiscoveredWallet[]) => void): () => void {
  const byUuid = new Map<string, DiscoveredWallet>();
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<DiscoveredWallet>).detail;
    if (!detail?.info?.uuid || !detail.provider) return;
    byUuid.set(detail.info.uuid, detail);
    onChange([...byUuid.values()]);
  };
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
}

export function isMobileBrowser(userAgent = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}
