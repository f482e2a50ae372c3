import { useEffect, useState } from 'react';
import { Box, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { formatDate } from '@/lib/dates';
import { escrowApi, useTaskEscrowQuery } from '@/lib/escrow/escrow-api';
import { formatBaseUnits } from '@/lib/money';
import { useAppDispatch } from '@/lib/store-hooks';
import { USER_REJECTED, walletErrorCode } from '@/lib/wallet/eip1193';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { Task } from '@/types/api';
import { countdown } from '../countdown';

/**
 * The chain's clock, which is what opens a refund (block.timestamp): the latest block's time read once through
 * the connected wallet, then moved on by the browser's clock. Without a wallet, the browser's clock.
 */
function useChainNow(everyMs: number): Date {
  const { isConnected, request } = useWallet();
  const [offsetMs, setOffsetMs] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (!isConnected) return;
    let live = true;
    request({ method: 'eth_getBlockByNumber', params: ['latest', false] })
      .then((b) => {
        const ts = Number((b as { timestamp?: string } | null)?.timestamp);
        if (live && Number.isFinite(ts)) setOffsetMs(ts * 1000 - Date.now());
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [isConnected, request]);
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return new Date(tick + offsetMs);
}

/**
 * On a creator's funded task: what is still escrowed, when the refund opens (deadline + review window, with a
 * countdown), and a Refund button that sends `refund(escrowKey)` from the creator's own wallet once it opens.
 */
export function RefundCard({ task }: { task: Task }) {
  const escrow = useTaskEscrowQuery(task.id);
  const wallet = useWallet();
  const dispatch = useAppDispatch();
  const now = useChainNow(30_000);
  const [sending, setSending] = useState(false);
  const chain = escrow.data?.onChain;
  const opensAt = chain?.refundableAt ?? task.funding?.refundableAt ?? null;
  const remaining = chain ? BigInt(chain.remaining) : null;
  const left = opensAt ? countdown(new Date(opensAt), now) : null;
  const key = task.funding?.escrowKey ?? null;
  const funder = task.funding?.funder ?? null;
  const open = !!opensAt && left === null;
  const canRefund = open && !!key && remaining !== null && remaining > 0n && !chain?.refunded;

  const refund = async () => {
    if (!key || !task.funding) return;
    setSending(true);
    try {
      const address = wallet.address ?? (await wallet.connect({ quiet: true }));
      if (funder && address.toLowerCase() !== funder.toLowerCase()) {
        throw new Error(`Switch your wallet to ${funder}: only the wallet that funded the task can refund it.`);
      }
      const { BrowserProvider, Contract } = await import('ethers');
      const signer = await new BrowserProvider({ request: wallet.request }).getSigner(address);
      const contract = new Contract(task.funding.escrowAddress, ['function refund(bytes32 key)'], signer);
      const tx = (await contract.refund(key)) as { hash: string; wait(): Promise<unknown> };
      toaster.create({ type: 'loading', title: 'Refund sent', description: `Transaction ${tx.hash.slice(0, 10)}… is on its way.` });
      await tx.wait();
      toaster.create({ type: 'success', title: 'Refund confirmed', description: `${formatBaseUnits(remaining ?? 0n)} CENT returned to your wallet.` });
      dispatch(escrowApi.util.invalidateTags([{ type: 'Escrow', id: task.id }, 'Dashboard', { type: 'Task', id: task.id }]));
    } catch (e) {
      const message = walletErrorCode(e) === USER_REJECTED ? 'You rejected the transaction in your wallet.' : e instanceof Error ? e.message : String(e);
      toaster.create({ type: 'error', title: 'Refund failed', description: message });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="gray.50" data-testid={`refund-${task.id}`}>
      <Stack gap="1" fontSize="sm">
        <HStack justify="space-between" wrap="wrap">
          <Text>
            Escrowed: <strong>{remaining !== null ? `${formatBaseUnits(remaining)} CENT` : '—'}</strong>
            {chain?.refunded && ' (refunded)'}
          </Text>
          <ChakraLink asChild color="purple.700">
            <Link to={`/tasks/${task.id}/escrow`}>Audit escrow</Link>
          </ChakraLink>
        </HStack>
        {opensAt && !chain?.refunded && (
          <Text>
            {left ? `Refund opens ${formatDate(opensAt)} (in ${left})` : 'The refund window is open.'}
          </Text>
        )}
        {canRefund && (
          <Box>
            <Button size="sm" colorPalette="orange" variant="outline" onClick={() => void refund()} loading={sending}>
              Refund
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
