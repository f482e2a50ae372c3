import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { WalletProvider } from '@/lib/wallet/wallet-provider';

/** Providers that need the router (navigation after logout). Chakra and Redux wrap the router in main.tsx. */
export function AppProviders() {
  return (
    <AuthProvider>
      <WalletProvider>
        <Outlet />
        <Toaster />
      </WalletProvider>
    </AuthProvider>
  );
}
