import { lazy, Suspense, type ReactNode } from 'react';
import { LiveUpdatesProvider } from '@/features/notifications/components/live-updates-provider';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from './providers/auth-provider';
import { WalletProvider } from './providers/wallet-provider';

// Toasts created before the view has loaded are kept by the store and shown once it mounts.
const ToasterView = lazy(() => import('@/components/ui/toaster-view'));

/** Providers that need the router (navigation after logout). Chakra and Redux wrap the router in main.tsx. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <WalletProvider>
        <LiveUpdatesForUser>{children}</LiveUpdatesForUser>
        <Suspense>
          <ToasterView />
        </Suspense>
      </WalletProvider>
    </AuthProvider>
  );
}

/** The live stream (cache invalidation, the bell) runs while someone is signed in. */
function LiveUpdatesForUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <LiveUpdatesProvider signedIn={!!user}>{children}</LiveUpdatesProvider>;
}
