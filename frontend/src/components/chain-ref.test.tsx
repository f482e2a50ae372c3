import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import type { PublicConfig } from '@/types/api';
import { ChainRef, type ChainRefProps } from './chain-ref';

const hash = `0x${'12'.repeat(31)}abcd`;
const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

function config(explorerUrl: string | null): PublicConfig {
  return {
    chainId: 31337, chainIdHex: '0x7a69', chainName: 'Anvil', rpcUrl: 'http://127.0.0.1:8545',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, explorerUrl,
    token: { address, symbol: 'CENT', decimals: 18 }, escrowAddress: address,
    links: { chart: '', buy: '', social: '', chat: '', whitepaper: '', walletDeepLink: '' },
  };
}

/** The deployment's config as GET /api/config gives it (the network only, no server). */
function show(props: ChainRefProps, explorerUrl: string | null) {
  vi.stubGlobal('fetch', vi.fn(async (input: string) =>
    new URL(input, 'http://app.test').pathname === '/api/config' ? Response.json(config(explorerUrl)) : new Response(null, { status: 404 })));
  return renderWithApp(<ChainRef {...props} />);
}

describe('ChainRef', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a hash shortened, the full value on hover (title) and behind the expand button', async () => {
    const user = userEvent.setup();
    show({ kind: 'tx', value: hash }, 'https://explorer.example');
    const link = await screen.findByRole('link', { name: `Transaction ${hash}` });
    expect(link.textContent).toBe('0x12121212...1212abcd');
    expect(link.getAttribute('title')).toBe(hash);
    await user.click(screen.getByRole('button', { name: 'Show full transaction hash' }));
    expect(link.textContent).toBe(hash);
    expect(screen.getByRole('button', { name: 'Hide full transaction hash' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('links to the configured explorer by its EIP-3091 path, in a new tab for another site', async () => {
    show({ kind: 'address', value: address, label: 'Escrow contract' }, 'https://explorer.example/');
    const link = await screen.findByRole('link', { name: `Escrow contract ${address}` });
    expect(link.getAttribute('href')).toBe(`https://explorer.example/address/${address}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('opens the built-in explorer on this origin in the app (same tab)', async () => {
    show({ kind: 'block', value: 2n ** 64n }, `${window.location.origin}/explorer`);
    const link = await screen.findByRole('link', { name: 'Block 18446744073709551616' });
    expect(link.getAttribute('href')).toBe('/explorer/block/18446744073709551616');
    expect(link.getAttribute('target')).toBeNull();
    // A block number is never shortened: no expand button.
    expect(screen.queryByRole('button', { name: /full block number/ })).toBeNull();
  });

  it('without an explorer shows the value as code, still copyable', async () => {
    show({ kind: 'token', value: address, full: true }, null);
    expect(await screen.findByLabelText(`Token ${address}`)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(address)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /full token address/ })).toBeNull();
  });

  it('copies the full value, says so, and goes back to "Copy"', async () => {
    const user = userEvent.setup();
    show({ kind: 'tx', value: hash }, null);
    await user.click(await screen.findByRole('button', { name: 'Copy transaction hash' }));
    expect(await navigator.clipboard.readText()).toBe(hash);
    expect(screen.getByRole('status').textContent).toBe('Copied');
    expect(screen.getByRole('button', { name: 'Copied transaction hash' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Copy transaction hash' }, { timeout: 4000 });
  });
});
