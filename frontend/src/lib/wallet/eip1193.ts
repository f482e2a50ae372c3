/** EIP-1193 provider and EIP-6963 announcement shapes (no library needed for these). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
}

export interface WalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface DiscoveredWallet {
  info: WalletInfo;
  provider: Eip1193Provider;
}

/** An error a wallet raised: EIP-1193 code (4001 = the user rejected) and message. */
export interface WalletRpcError {
  code?: number;
  message?: string;
}

export const USER_REJECTED = 4001;
export const UNRECOGNIZED_CHAIN = 4902;

export function walletErrorCode(e: unknown): number | undefined {
  const err = e as { code?: unknown; error?: { code?: unknown }; info?: { error?: { code?: unknown } } };
  for (const c of [err?.code, err?.error?.code, err?.info?.error?.code]) if (typeof c === 'number') return c;
  // ethers wraps a wallet rejection as code 'ACTION_REJECTED'.
  if (err?.code === 'ACTION_REJECTED') return USER_REJECTED;
  return undefined;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}
