import type { PublicConfig } from '@/types/api';
import type { Eip1193Provider } from './eip1193';
import { WALLET_MESSAGES } from './wallet-messages';

/**
 * Spec §4: ask the wallet to add the product's network, switch to it and watch CENT. On desktop a failed
 * add or switch is an error with the spec's text; on mobile both are ignored; watching the token never fails.
 */
export async function ensureNetwork(provider: Eip1193Provider, config: PublicConfig, mobile: boolean): Promise<void> {
  const current = String(await provider.request({ method: 'eth_chainId' }).catch(() => '')).toLowerCase();
  if (current !== config.chainIdHex.toLowerCase()) {
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: config.chainIdHex,
            chainName: config.chainName,
            rpcUrls: [config.rpcUrl],
            nativeCurrency: config.nativeCurrency,
            ...(config.explorerUrl ? { blockExplorerUrls: [config.explorerUrl] } : {}),
          },
        ],
      });
    } catch (e) {
      if (!mobile) throw Object.assign(new Error(WALLET_MESSAGES.addNetworkFailed), { cause: e });
    }
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: config.chainIdHex }] });
    } catch (e) {
      if (!mobile) throw Object.assign(new Error(WALLET_MESSAGES.switchNetworkFailed), { cause: e });
    }
  }
  if (config.token.address) {
    await provider
      .request({
        method: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: config.token.address, symbol: 'CENT', decimals: 18 } },
      })
      .catch(() => undefined);
  }
}
