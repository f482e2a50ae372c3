import { Button, Dialog, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { DiscoveredWallet } from '@/lib/wallet/eip1193';
import { DialogShell } from '@/components/ui/dialog';

/** Several wallets announced themselves (EIP-6963): the person picks one. Closing picks none. */
export function WalletChooser({ wallets, open, onPick }: { wallets: DiscoveredWallet[]; open: boolean; onPick(w: DiscoveredWallet | null): void }) {
  return (
    <DialogShell open={open} onClose={() => onPick(null)} placement="center">
      <Dialog.Header>
        <Dialog.Title>Choose a wallet</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="2">
          {wallets.map((w) => (
            <Button key={w.info.uuid} variant="outline" justifyContent="flex-start" onClick={() => onPick(w)}>
              <HStack gap="3">
                <Image src={w.info.icon} alt="" boxSize="6" />
                <Text>{w.info.name}</Text>
              </HStack>
            </Button>
          ))}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={() => onPick(null)}>
          Cancel
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
