import type { PublicConfig } from '@/types/api';
import type { Eip1193Provider } from './eip1193';
import { WALLET_MESSAGES } from './wallet-messages';

/** The wallet's chain against the product's: the same chain id, however each writes it (hex case, leading zeros). */
export function onProductNetwork(walletChainId: string | null, config: Pick<PublicConfig, 'chainIdHex'>): boolean | null {
  if (!walletChainId) return null;
  try {
    return BigInt(walletChainId) === BigInt(config.chainIdHex);
  } catch {
    return false;
  }
}

/** EIP-3085 wallet_addEthereumChain with the product's chain: name, RPC, chain id, currency and explorer. */
function addProductChain(provider: Pick<Eip1193Provider, 'request'>, config: PublicConfig): Promise<unknown> {
  return provider.request({
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
}

/**
 * "Switch network": add the product's chain with its details (name, RPC, chain id, currency, explorer), then
 * switch to it. Unlike ensureNetwork's desktop path the person asked for it, so a failure is theirs to see.
 */
export async function switchToProductNetwork(provider: Pick<Eip1193Provider, 'request'>, config: PublicConfig): Promise<void> {
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: config.chainIdHex }] });
    return;
  } catch {
    // Unknown to the wallet (4902) or refused: add it with its details, which also offers the switch.
  }
  await addProductChain(provider, config);
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: config.chainIdHex }] });
}

/**
 * Spec §4: ask the wallet to add the product's network, switch to it and watch CENT. On desktop a failed
 * add or switch is an error with the spec's text; on mobile both are ignored; watching the token never fails.
 */
export async function ensureNetwork(provider: Eip1193Provider, config: PublicConfig, mobile: boolean): Promise<void> {
  const current = String(await provider.request({ method: 'eth_chainId' }).catch(() => '')).toLowerCase();
  if (current !== config.chainIdHex.toLowerCase()) {
    try {
      await addProductChain(provider, config);
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
