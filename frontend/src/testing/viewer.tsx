import type { ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import type { DiscoveredWallet } from '@/lib/wallet/eip1193';
import { WalletContext, type WalletContextValue } from '@/lib/wallet/wallet-context';
import type { User } from '@/types/api';

/** A signed-in user record for component tests. */
export function testUser(over: Partial<User> = {}): User {
  return {
    id: 1, username: 'someone', email: null, walletAddress: null, bio: null, isAdmin: false, profileImage: null,
    createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', ...over,
  };
}

const refuse = () => Promise.reject(new Error('not in this test'));

/**
 * Puts a given viewer (user, wallet) around a component: the session and wallet contexts' values, so a
 * component test can say "as the task's creator with a wallet" without a server session or a browser wallet.
 */
export function AsViewer({ user, wallet, wallets = [], children }: { user: User | null; wallet?: string | null; wallets?: DiscoveredWallet[]; children: ReactNode }) {
  const auth: AuthContextValue = { user, isLoading: false, error: null, login: refuse, register: refuse, logout: refuse };
  const w: WalletContextValue = {
    address: wallet ?? null, isConnected: !!wallet, isConnecting: false, connect: refuse, disconnect() {},
    provider: null, request: refuse, wallets,
  };
  return (
    <AuthContext.Provider value={auth}>
      <WalletContext.Provider value={w}>{children}</WalletContext.Provider>
    </AuthContext.Provider>
  );
}
