import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in';

const UsernameDialog = lazy(() => import('./username-dialog').then((m) => ({ default: m.UsernameDialog })));

/** The signed-out header's wallet button: Sign-In with Ethereum, then the username dialog on a first login. */
export function WalletSignInButton({ label = 'Connect Wallet', ...props }: ButtonProps & { label?: string }) {
  const { signIn, busy } = useWalletSignIn();
  const [askUsername, setAskUsername] = useState(false);
  return (
    <>
      <Button
        {...props}
        loading={busy}
        loadingText="Connecting..."
        onClick={async () => {
          const firstLogin = await signIn();
          if (firstLogin) setAskUsername(true);
        }}
      >
        {label}
      </Button>
      {askUsername && (
        <Suspense>
          <UsernameDialog open onClose={() => setAskUsername(false)} />
        </Suspense>
      )}
    </>
  );
}
