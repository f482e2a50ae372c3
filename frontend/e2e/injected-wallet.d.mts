import type { BrowserContext, Page } from 'playwright-core';

export interface WalletLogEntry {
  method: string;
  params: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface InjectedWallet {
  log: WalletLogEntry[];
  emit(event: string, data: unknown): Promise<unknown>;
  readonly address: string;
  readonly chainId: string;
  switchAccount(privateKey: string): Promise<void>;
  disconnect(): Promise<unknown>;
}

export function injectWallet(
  target: BrowserContext | Page,
  options: {
    rpcUrl: string;
    privateKey: string;
    approve?: (method: string, params: unknown) => boolean | Promise<boolean>;
    autoConnect?: boolean;
    /** Methods this wallet lacks: they fail with EIP-1193 code 4200 (unsupported). */
    unsupported?: string[];
    info?: { uuid: string; name: string; icon: string; rdns: string };
  },
): Promise<InjectedWallet>;
