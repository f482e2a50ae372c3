/**
 * A phone has no browser extension: a person opens the page inside a wallet app's own browser instead. Each
 * app's documented universal link that opens a web page in its in-app browser (RainbowKit and Web3Modal offer
 * the same choice). MetaMask takes the page without its scheme; the others take it URL-encoded.
 */
export interface WalletAppLink {
  name: string;
  href: string;
}

export function walletAppLinks(pageUrl: string): WalletAppLink[] {
  const url = new URL(pageUrl);
  const bare = `${url.host}${url.pathname}${url.search}`;
  const encoded = encodeURIComponent(url.href);
  return [
    { name: 'MetaMask', href: `https://metamask.app.link/dapp/${bare}` },
    { name: 'Coinbase Wallet', href: `https://go.cb-w.com/dapp?cb_url=${encoded}` },
    { name: 'Trust Wallet', href: `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}` },
    { name: 'Rainbow', href: `https://rnbwapp.com/dapp?url=${encoded}` },
  ];
}
