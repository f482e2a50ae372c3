import { describe, expect, it } from 'vitest';
import { walletAppLinks } from './wallet-apps';

describe('walletAppLinks', () => {
  it('opens this very page (path and query kept) in each wallet app', () => {
    const links = walletAppLinks('https://tasks.example.com/tasks?id=42&x=a b');
    expect(links.map((l) => l.name)).toEqual(['MetaMask', 'Coinbase Wallet', 'Trust Wallet', 'Rainbow']);
    const page = 'https://tasks.example.com/tasks?id=42&x=a%20b';
    expect(links[0].href).toBe('https://metamask.app.link/dapp/tasks.example.com/tasks?id=42&x=a%20b');
    expect(links[1].href).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`);
    expect(links[2].href).toBe(`https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(page)}`);
    expect(links[3].href).toBe(`https://rnbwapp.com/dapp?url=${encodeURIComponent(page)}`);
    for (const l of links.slice(1)) expect(decodeURIComponent(new URL(l.href).search.split('=').slice(1).join('='))).toContain(page);
  });

  it('keeps a port (a local product) in the link', () => {
    expect(walletAppLinks('http://192.168.1.5:3000/')[0].href).toBe('https://metamask.app.link/dapp/192.168.1.5:3000/');
  });
});
