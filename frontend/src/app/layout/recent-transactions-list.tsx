import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { formatDateTime } from '@/lib/dates';
import type { RecentTx, TxState } from '@/lib/wallet/recent-transactions';

const STATE: Record<TxState, { text: string; palette: string }> = {
  pending: { text: 'Pending', palette: 'yellow' },
  confirmed: { text: 'Confirmed', palette: 'green' },
  failed: { text: 'Failed', palette: 'red' },
};

/** The wallet's transactions sent from this browser, newest first, each with its state and its explorer link. */
export function RecentTransactionsList({ transactions }: { transactions: RecentTx[] }) {
  if (!transactions.length) return <Text fontSize="sm" color="gray.700">No transactions from this browser yet.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
      {transactions.map((t) => (
        <Stack as="li" key={t.hash} gap="0.5">
          <HStack justify="space-between" gap="2">
            <Text fontSize="sm" fontWeight="medium">{t.label}</Text>
            <Badge colorPalette={STATE[t.state].palette} variant="subtle" flexShrink={0}>{STATE[t.state].text}</Badge>
          </HStack>
          <HStack justify="space-between" gap="2" fontSize="xs" color="gray.700">
            <ChainRef kind="tx" value={t.hash} />
            <Text as="span" whiteSpace="nowrap">{formatDateTime(t.sentAt)}</Text>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}
