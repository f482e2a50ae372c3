import type { ReactNode } from 'react';
import { LiveStatusContext } from '../hooks/live-status';
import { useLiveUpdates } from '../hooks/use-live-updates';

/** Keeps one live stream open while someone is signed in and tells the app whether it is up. */
export function LiveUpdatesProvider({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const connected = useLiveUpdates(signedIn);
  return <LiveStatusContext.Provider value={connected}>{children}</LiveStatusContext.Provider>;
}
