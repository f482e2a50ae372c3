import { useEffect } from 'react';
import { Box, Button, Dialog, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { DialogShell } from '@/components/ui/dialog';
import { CloseX } from './close-x';
import { useAuth } from '@/lib/auth/auth-context';
import { isMobileBrowser } from '@/lib/wallet/discovery';
import { walletAppLinks } from '@/lib/wallet/wallet-apps';
import { useWallet } from '@/lib/wallet/wallet-context';
import { WALLET_MESSAGES } from '@/lib/wallet/wallet-messages';
import { setUsernamePromptOpen } from '../first-login';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in';

const FIND_A_WALLET = 'https://ethereum.org/en/wallets/find-wallet/';

/**
 * The one way in (issue 21, as RainbowKit does it): the wallets this browser offers, each a Sign-In with
 * Ethereum; on a phone without one, the wallet apps that open this page in their own browser; without any, the
 * spec's install text. Password sign-in stays one click away. Closes itself once someone is signed in.
 */
export function ConnectWalletDialog({ open, onClose, onPassword, onExitComplete }: { open: boolean; onClose(): void; onPassword(): void; onExitComplete?(): void }) {
  const { user } = useAuth();
  const { wallets } = useWallet();
  const { signIn, busy } = useWalletSignIn();
  const mobile = isMobileBrowser();

  useEffect(() => {
    if (open && user) onClose();
  }, [open, user, onClose]);

  const signInWith = async (use?: (typeof wallets)[number]) => {
    const firstLogin = await signIn(use);
    if (firstLogin) setUsernamePromptOpen(true);
  };

  return (
    <DialogShell open={open} onClose={onClose} onExitComplete={onExitComplete} placement="center" size={{ base: 'full', sm: 'sm' }}>
      <Dialog.Header>
        <Dialog.Title>Connect a wallet</Dialog.Title>
      </Dialog.Header>
      <CloseX />
      <Dialog.Body>
        {wallets.length > 0 ? (
          <Stack gap="3">
            <Text color="gray.700" fontSize="sm">
              You sign a message to prove the wallet is yours: no transaction, no fee.
            </Text>
            {wallets.map((w) => (
              <Button key={w.info.uuid} variant="outline" justifyContent="flex-start" size="lg" loading={busy} loadingText="Connecting..." onClick={() => void signInWith(w)}>
                <HStack gap="3">
                  {w.info.icon ? <Image src={w.info.icon} alt="" boxSize="6" /> : <Box as="span" aria-hidden="true" boxSize="6" rounded="full" bg="purple.200" />}
                  <Text>{w.info.name}</Text>
                </HStack>
              </Button>
            ))}
          </Stack>
        ) : mobile ? (
          <Stack gap="3">
            <Text>{WALLET_MESSAGES.noWalletMobile}</Text>
            <Text color="gray.700" fontSize="sm">
              Open this page in your wallet app:
            </Text>
            {walletAppLinks(window.location.href).map((app) => (
              <Button key={app.name} asChild variant="outline" justifyContent="flex-start" size="lg">
                <a href={app.href}>{app.name}</a>
              </Button>
            ))}
          </Stack>
        ) : (
          <Stack gap="3">
            <Text>{WALLET_MESSAGES.noWalletDesktop}</Text>
            <Link href={FIND_A_WALLET} target="_blank" rel="noreferrer" color="purple.700" textDecoration="underline">
              Find a wallet (ethereum.org)
            </Link>
            <Button variant="outline" loading={busy} onClick={() => void signInWith()}>
              Try again
            </Button>
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer justifyContent="center">
        <Button variant="ghost" onClick={onPassword}>
          Sign in with a password
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
