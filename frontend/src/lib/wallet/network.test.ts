import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@/types/api';
import { onProductNetwork, switchToProductNetwork } from './network';

const config = {
  chainIdHex: '0xE35', chainName: 'CENT Chain', rpcUrl: 'https://rpc.example', nativeCurrency: { name: 'Coin', symbol: 'CN', decimals: 8 },
  explorerUrl: 'https://explorer.example',
} as PublicConfig;

describe('the wallet network', () => {
  it('compares chain ids by value (0xe35 = 0xE35 = 0x0e35), unknown while the wallet has not said', () => {
    expect(onProductNetwork('0xe35', config)).toBe(true);
    expect(onProductNetwork('0x0E35', config)).toBe(true);
    expect(onProductNetwork('0x7a69', config)).toBe(false);
    expect(onProductNetwork('garbage', config)).toBe(false);
    expect(onProductNetwork(null, config)).toBeNull();
  });

  it('switches; a chain the wallet does not know is added with its details, then switched to', async () => {
    const asked: Array<{ method: string; params?: unknown }> = [];
    const known = new Set<string>();
    const wallet = {
      request: async (a: { method: string; params?: unknown }) => {
        asked.push(a);
        const chainId = (a.params as Array<{ chainId: string }>)[0].chainId;
        if (a.method === 'wallet_addEthereumChain') known.add(chainId);
        if (a.method === 'wallet_switchEthereumChain' && !known.has(chainId)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
        return null;
      },
    };
    await switchToProductNetwork(wallet, config);
    expect(asked.map((a) => a.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
    expect(asked[1].params).toEqual([{
      chainId: '0xE35', chainName: 'CENT Chain', rpcUrls: ['https://rpc.example'], nativeCurrency: { name: 'Coin', symbol: 'CN', decimals: 8 },
      blockExplorerUrls: ['https://explorer.example'],
    }]);
    asked.length = 0;
    await switchToProductNetwork(wallet, config);
    expect(asked.map((a) => a.method)).toEqual(['wallet_switchEthereumChain']);
  });
});
