import { lazy, Suspense, useState } from 'react';
import { Button, Stack, type StackProps } from '@chakra-ui/react';
import { WalletSignInButton } from './wallet-sign-in-button';

const PasswordDialog = lazy(() => import('./password-dialog').then((m) => ({ default: m.PasswordDialog })));

/** What a signed-out visitor sees in the header: the wallet button and the password sign-in. */
export function SignInActions(props: StackProps) {
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <Stack direction="row" gap="2" {...props}>
      <Button variant="ghost" onClick={() => setPasswordOpen(true)}>
        Sign in
      </Button>
      <WalletSignInButton />
      {passwordOpen && (
        <Suspense>
          <PasswordDialog open onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
