import { useEffect, useState } from 'react';
import { Badge, Button, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { usePublicConfig } from '@/lib/config/config-api';
import { shortAddress } from '@/lib/display-name';
import { errorText } from '@/lib/http-error';
import { formatBaseUnits } from '@/lib/money';
import { useCentBalance } from '@/lib/wallet/cent-balance';
import { onProductNetwork, switchToProductNetwork } from '@/lib/wallet/network';
import { useWallet } from '@/lib/wallet/wallet-context';

/**
 * The signed-in account's wallet at a glance: network, CENT balance and the short address; on another network a
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
    <HStack gap="2" borderWidth="1px" rounded="full" px="3" py="1" fontSize="sm" data-testid="wallet-chip" title={wallet.address}>
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
    </HStack>
  );
}
