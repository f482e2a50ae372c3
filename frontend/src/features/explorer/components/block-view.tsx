import { Badge, Box, Heading, Table, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { TableRoot } from '@/components/ui/table';
import { formatBaseUnits } from '@/lib/money';
import { blockTime } from '../block-time';
import { useExplorerBlockQuery } from '../api';
import { ExplorerFrame } from './explorer-frame';
import { Fact, Facts } from '@/components/facts';
import { QueryState } from './query-state';

/** /explorer/block/:number — a block and its transactions (the method of CENT / TaskEscrow calls decoded). */
export function BlockView({ number }: { number: string }) {
  const q = useExplorerBlockQuery(number);
  return (
    <ExplorerFrame title={`Block ${number}`}>
      <QueryState q={q} what="block">
        {(b) => (
          <>
            <Facts label="Block details">
              <Fact label="Hash"><ChainRef kind="block" value={b.number} /> <Text as="span" fontFamily="mono" fontSize="xs" overflowWrap="anywhere">{b.hash}</Text></Fact>
              <Fact label="Parent">{b.number > 0 ? <ChainRef kind="block" value={b.number - 1} /> : '—'}</Fact>
              <Fact label="Time">{blockTime(b.timestamp)}</Fact>
              <Fact label="Confirmations">{b.confirmations}</Fact>
              <Fact label="Fee recipient"><ChainRef kind="address" value={b.miner} /></Fact>
              <Fact label="Gas used / limit">{b.gasUsed} / {b.gasLimit}</Fact>
              <Fact label="Base fee">{b.baseFeePerGas !== null ? `${b.baseFeePerGas} wei` : '—'}</Fact>
            </Facts>
            <Box>
              <Heading as="h2" size="md" mb="2">Transactions ({b.transactionCount})</Heading>
              {b.transactions.length === 0 ? (
                <Text fontSize="sm" color="gray.700">No transactions in this block.</Text>
              ) : (
                <Table.ScrollArea borderWidth="1px" borderRadius="md">
                  <TableRoot size="sm" aria-label="Transactions of this block">
                    <Table.Header>
                      <Table.Row>
                        {['Transaction', 'Method', 'From', 'To', 'Value'].map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {b.transactions.map((t) => (
                        <Table.Row key={t.hash}>
                          <Table.Cell><ChainRef kind="tx" value={t.hash} /></Table.Cell>
                          <Table.Cell>{t.method ? <Badge fontFamily={t.method.startsWith('0x') ? 'mono' : undefined}>{t.method}</Badge> : '—'}</Table.Cell>
                          <Table.Cell><ChainRef kind="address" value={t.from} /></Table.Cell>
                          <Table.Cell>{t.to ? <><ChainRef kind="address" value={t.to} />{t.toContract && <Text as="span" fontSize="xs" color="gray.700"> {t.toContract}</Text>}</> : 'contract creation'}</Table.Cell>
                          <Table.Cell whiteSpace="nowrap">{formatBaseUnits(t.value)} ETH</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </TableRoot>
                </Table.ScrollArea>
              )}
              {b.transactionCount > b.transactions.length && (
                <Text fontSize="sm" color="gray.700" mt="2">The first {b.transactions.length} of {b.transactionCount} are listed.</Text>
              )}
            </Box>
          </>
        )}
      </QueryState>
    </ExplorerFrame>
  );
}
