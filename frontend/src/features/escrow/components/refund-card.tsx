import { useEffect, useState } from 'react';
import { Badge, Box, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { ChainRef } from '@/components/chain-ref';
import { formatDate } from '@/lib/dates';
import { chainUnreachableText } from '@/lib/escrow/chain-status';
import { escrowApi, useTaskEscrowQuery } from '@/lib/escrow/escrow-api';
import { formatBaseUnits } from '@/lib/money';
import { useAppDispatch } from '@/lib/store-hooks';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { Task } from '@/types/api';
import { countdown } from '@/lib/countdown';
import { useRefund, type RefundProgress } from '../hooks/use-refund';

/** While a refund is on chain but not yet recorded by the app (the indexer), the escrow is re-read this often. */
const FOLLOW_MS = 2000;

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

function TxLine({ label, txHash }: { label: string; txHash: string }) {
  return (
    <Text>
      {label}: <ChainRef kind="tx" value={txHash} />
    </Text>
  );
}

/** The refund transaction's step in plain words (the card shows it under the button). */
function ProgressLine({ progress }: { progress: RefundProgress }) {
  switch (progress.phase) {
    case 'idle':
      return null;
    case 'signing':
      return <Text role="status">Confirm the refund in your wallet…</Text>;
    case 'sent':
      return (
        <Stack gap="1" role="status">
          <Text>Refund sent; waiting for the chain to confirm it…</Text>
          <TxLine label="Transaction" txHash={progress.txHash} />
        </Stack>
      );
    case 'confirmed':
      return (
        <Stack gap="1" role="status">
          <Text color="green.800">
            Refund confirmed in block {progress.blockNumber}: {formatBaseUnits(progress.amount)} CENT returned to your wallet.
          </Text>
          <TxLine label="Transaction" txHash={progress.txHash} />
        </Stack>
      );
    case 'failed':
      return (
        <Stack gap="1" role="alert">
          <Text color="red.700">Refund failed: {progress.error}</Text>
          {progress.txHash && <TxLine label="Transaction" txHash={progress.txHash} />}
        </Stack>
      );
  }
}

/**
 * On a creator's funded task: what is still escrowed, when the refund opens (deadline + review window, with a
 * countdown), and a Refund button that sends `refund(escrowKey)` from the creator's own wallet once it opens; then
 * the transaction (explorer link), its result, and the task shown refunded once the app has recorded it.
 * `auditLink` off where the card already sits on the escrow audit page.
 */
export function RefundCard({ task, auditLink = true }: { task: Task; auditLink?: boolean }) {
  const { progress, refund } = useRefund(task);
  const escrowNow = useTaskEscrowQuery(task.id);
  const chain = escrowNow.data?.onChain;
  const recorded = escrowNow.data?.app.fundingStatus === 'refunded';
  // On chain (our receipt, or the chain read) but not yet in the app: follow it until the indexer records it.
  const following = !recorded && (progress.phase === 'confirmed' || !!chain?.refunded);
  useTaskEscrowQuery(task.id, { skip: !following, pollingInterval: FOLLOW_MS });
  const dispatch = useAppDispatch();
  useEffect(() => {
    // The dashboard's copy of the task changes with it (funding status refunded).
    if (recorded && progress.phase === 'confirmed') dispatch(escrowApi.util.invalidateTags(['Dashboard', { type: 'Task', id: task.id }]));
  }, [recorded, progress.phase, dispatch, task.id]);

  const now = useChainNow(30_000);
  const opensAt = chain?.refundableAt ?? task.funding?.refundableAt ?? null;
  const remaining = chain ? BigInt(chain.remaining) : null;
  const left = opensAt ? countdown(new Date(opensAt), now) : null;
  const refundedOnChain = !!chain?.refunded || progress.phase === 'confirmed';
  const busy = progress.phase === 'signing' || progress.phase === 'sent';
  const canRefund =
    !!opensAt && left === null && !!task.funding?.escrowKey && remaining !== null && remaining > 0n && !refundedOnChain;
  const refundEvent = escrowNow.data?.events.find((e) => e.type === 'TaskRefunded') ?? null;
  const unreachable = chainUnreachableText(escrowNow.data);

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="gray.50" data-testid={`refund-${task.id}`}>
      <Stack gap="1" fontSize="sm">
        <HStack justify="space-between" wrap="wrap">
          <Text>
            Escrowed: <strong>{remaining !== null ? `${formatBaseUnits(remaining)} CENT` : '—'}</strong>
            {chain?.refunded && ' (refunded)'}
          </Text>
          {auditLink && (
            <ChakraLink asChild color="purple.700">
              <Link to={`/tasks/${task.id}/escrow`}>Audit escrow</Link>
            </ChakraLink>
          )}
        </HStack>
        {unreachable && (
          <Text role="status" color="orange.800" data-testid="chain-unreachable">
            {unreachable}
          </Text>
        )}
        {opensAt && !refundedOnChain && (
          <Text>{left ? `Refund opens ${formatDate(opensAt)} (in ${left})` : 'The refund window is open.'}</Text>
        )}
        {canRefund && (
          <Box>
            <Button size="sm" colorPalette="orange" variant="outline" onClick={() => void refund()} loading={busy}>
              Refund
            </Button>
          </Box>
        )}
        <ProgressLine progress={progress} />
        {refundedOnChain && (
          <Stack gap="1" data-testid="refund-recorded">
            {recorded ? (
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette="orange">Refunded</Badge>
                <Text>
                  {formatBaseUnits(escrowNow.data?.app.refundedAmount ?? '0')} CENT went back to the creator's wallet; nothing more can be paid from this task.
                </Text>
              </HStack>
            ) : (
              <Text>Waiting for the app to record the refund…</Text>
            )}
            {refundEvent && progress.phase === 'idle' && <TxLine label="Refund transaction" txHash={refundEvent.txHash} />}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
