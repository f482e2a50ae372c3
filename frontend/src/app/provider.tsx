import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { LiveUpdatesProvider } from '@/features/notifications/components/live-updates-provider';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { WalletProvider } from '@/lib/wallet/wallet-provider';

/** Providers that need the router (navigation after logout). Chakra and Redux wrap the router in main.tsx. */
export function AppProviders() {
  return (
    <AuthProvider>
      <WalletProvider>
        <LiveUpdatesForUser>
          <Outlet />
        </LiveUpdatesForUser>
        <Toaster />
      </WalletProvider>
    </AuthProvider>
  );
}

/** The live stream (cache invalidation, the bell) runs while someone is signed in. */
function LiveUpdatesForUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <LiveUpdatesProvider signedIn={!!user}>{children}</LiveUpdatesProvider>;
}
