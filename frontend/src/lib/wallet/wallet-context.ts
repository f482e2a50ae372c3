import { createContext, useContext } from 'react';
import type { DiscoveredWallet, Eip1193Provider } from './eip1193';

/** The spec's wallet context (address, isConnected, isConnecting, connect, disconnect) plus the live provider. */
export interface WalletContextValue {
  address: string | null;
  isConnected: boolean;
  isConnecting: boolean;
  /**
   * Connects (the chooser opens when several wallets announced themselves) and resolves the address.
   * Shows the spec's connect toasts unless `quiet` (a caller with its own texts, e.g. the sign-in button).
   * `use` connects that wallet (the person already picked it in the connect dialog) without asking again.
   */
  connect(options?: { quiet?: boolean; use?: DiscoveredWallet }): Promise<string>;
  /** The wallets this browser offers: those that announced themselves (EIP-6963), else `window.ethereum`. */
  wallets: DiscoveredWallet[];
  disconnect(): void;
  provider: Eip1193Provider | null;
  /** A request to the connected wallet (also right after `connect` resolved, before a re-render). */
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
}

export const WalletContext = createContext<WalletContextValue | null>(null);

export function useWallet(): WalletContextValue {
  const ctx = useContext(WalletContext);
  if (!ctx) throw new Error('useWallet must be used within a WalletProvider');
  return ctx;
}
