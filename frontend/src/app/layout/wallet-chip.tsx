import { useEffect, useState } from 'react';
import { Badge, Button, HStack, Popover, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { PopoverRoot } from '@/components/ui/popover';
import { toaster } from '@/components/ui/toaster';
import { usePublicConfig } from '@/lib/config/config-api';
import { shortAddress } from '@/lib/display-name';
import { errorText } from '@/lib/http-error';
import { formatBaseUnits } from '@/lib/money';
import { useCentBalance } from '@/lib/wallet/cent-balance';
import { onProductNetwork, switchToProductNetwork } from '@/lib/wallet/network';
import { recheckPending, useRecentTransactions } from '@/lib/wallet/recent-transactions';
import { useWallet } from '@/lib/wallet/wallet-context';
import { RecentTransactionsList } from './recent-transactions-list';

/**
 * The signed-in account's wallet at a glance: network, CENT balance, the short address and how many of its
 * transactions are pending; it opens the list of the transactions this browser sent. On another network a
 * "Switch network" button that adds the product's chain with its details. Nothing while no wallet is connected.
 */
export function WalletChip() {
  const wallet = useWallet();
  const config = usePublicConfig();
  const [chainId, setChainId] = useState<string | null>(null);
  useEffect(() => {
    if (!wallet.isConnected) return;
    let live = true;
    wallet
      .request({ method: 'eth_chainId' })
      .then((id) => live && setChainId(typeof id === 'string' ? id : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wallet.isConnected, wallet.address]); // eslint-disable-line react-hooks/exhaustive-deps
  const right = config ? onProductNetwork(chainId, config) : null;
  const balance = useCentBalance(wallet.isConnected && right ? wallet : null, config?.token.address, wallet.address);
  const transactions = useRecentTransactions(wallet.address);
  const pending = transactions.filter((t) => t.state === 'pending').length;
  // Sent before a reload (or in another tab): settled from the wallet's node once.
  useEffect(() => {
    if (wallet.address && right) void recheckPending(wallet.address, wallet.request);
  }, [wallet.address, right]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!wallet.isConnected || !wallet.address || !config) return null;
  if (right === false) {
    return (
      <Button
        size="sm"
        colorPalette="red"
        variant="outline"
        onClick={() => void switchToProductNetwork(wallet, config).catch((e: unknown) =>
          toaster.create({ type: 'error', title: 'Failed to switch network', description: errorText(e, 'Unknown error') }))}
      >
        Switch network
      </Button>
    );
  }
  return (
    <PopoverRoot positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" rounded="full" size="sm" px="3" fontWeight="normal" data-testid="wallet-chip" title={wallet.address}
          aria-label={`Wallet ${wallet.address}${pending ? `, ${pending} pending transaction${pending > 1 ? 's' : ''}` : ''}`}>
          <HStack gap="2">
            {/* The network by name where there is room; its green dot (and the tooltip) everywhere. */}
            <Badge colorPalette="green" variant="subtle" title={config.chainName}>
              <Text as="span" display={{ base: 'none', '2xl': 'inline' }}>{config.chainName}</Text>
              <Text as="span" display={{ base: 'inline', '2xl': 'none' }}>
                <span aria-hidden="true">●</span>
                <VisuallyHidden>{config.chainName}</VisuallyHidden>
              </Text>
            </Badge>
            {balance !== null && <Text whiteSpace="nowrap">{formatBaseUnits(balance)} CENT</Text>}
            <Text fontFamily="mono" color="gray.700">{shortAddress(wallet.address)}</Text>
            {pending > 0 && <Badge colorPalette="yellow" variant="solid">{pending} pending</Badge>}
          </HStack>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '90vw', sm: 'sm' }}>
            <Popover.Body>
              <Popover.Title fontWeight="semibold" mb="3">Recent transactions</Popover.Title>
              <RecentTransactionsList transactions={transactions} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </PopoverRoot>
  );
}
