import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';

// Dialogs are separate chunks: a visitor's first paint needs neither (entry bundle budget, TOOLCHAIN.md).
const ConnectWalletDialog = lazy(() => import('./connect-wallet-dialog').then((m) => ({ default: m.ConnectWalletDialog })));
const PasswordDialog = lazy(() => import('./password-dialog').then((m) => ({ default: m.PasswordDialog })));

/**
 * The signed-out wallet button: opens the connect dialog (the wallets on offer, each a Sign-In with Ethereum,
 * then the username dialog on a first login), from which password sign-in is one click away.
 */
export function WalletSignInButton({ label = 'Connect Wallet', ...props }: ButtonProps & { label?: string }) {
  const [connect, setConnect] = useState<'closed' | 'open' | 'closing'>('closed');
  const [passwordOpen, setPasswordOpen] = useState(false);
  // The password dialog opens only once the connect dialog has gone: opened while the connect dialog still
  // closes, it would see the focus go back to this button (outside it) and close at once.
  const passwordNext = useRef(false);
  const closeConnect = useCallback(() => setConnect((c) => (c === 'open' ? 'closing' : c)), []);
  const connectGone = useCallback(() => {
    setConnect('closed');
    if (passwordNext.current) setPasswordOpen(true);
    passwordNext.current = false;
  }, []);
  return (
    <>
      <Button {...props} onClick={() => setConnect('open')}>
        {label}
      </Button>
      {connect !== 'closed' && (
        <Suspense>
          <ConnectWalletDialog
            open={connect === 'open'}
            onClose={closeConnect}
            onExitComplete={connectGone}
            onPassword={() => {
              passwordNext.current = true;
              closeConnect();
            }}
          />
        </Suspense>
      )}
      {passwordOpen && (
        <Suspense>
          <PasswordDialog open onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
