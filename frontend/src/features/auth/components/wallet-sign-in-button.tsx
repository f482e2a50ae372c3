import { Button, type ButtonProps } from '@chakra-ui/react';
import { setUsernamePromptOpen } from '../first-login';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in';

/** The signed-out wallet button: Sign-In with Ethereum, then the username dialog on a first login. */
export function WalletSignInButton({ label = 'Connect Wallet', ...props }: ButtonProps & { label?: string }) {
  const { signIn, busy } = useWalletSignIn();
  return (
    <Button
      {...props}
      loading={busy}
      loadingText="Connecting..."
      onClick={async () => {
        const firstLogin = await signIn();
        if (firstLogin) setUsernamePromptOpen(true);
      }}
    >
      {label}
    </Button>
  );
}
