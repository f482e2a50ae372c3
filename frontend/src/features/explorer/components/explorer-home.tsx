import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { TableRoot } from '@/components/ui/table';
import { blockTime } from '../block-time';
import { useExplorerLatestQuery } from '../api';
import { ExplorerFrame } from './explorer-frame';
import { Fact, Facts } from '@/components/facts';
import { QueryState } from './query-state';

/** /explorer — the chain head, the app's contracts and the latest blocks. */
export function ExplorerHome() {
  const q = useExplorerLatestQuery();
  return (
    <ExplorerFrame title="Block explorer">
      <Text color="gray.700">A read-only view of the chain this app runs on: every transaction, address and block, with CENT and TaskEscrow calls and events decoded.</Text>
      <QueryState q={q} what="chain">
        {(l) => (
          <Stack gap="5">
            <Facts label="Chain">
              <Fact label="Chain id">{l.chainId}</Fact>
              <Fact label="Latest block"><ChainRef kind="block" value={l.head} /></Fact>
              <Fact label="CENT token">{l.token ? <ChainRef kind="token" value={l.token} full label="CENT token" /> : '—'}</Fact>
              <Fact label="TaskEscrow">{l.escrow ? <ChainRef kind="address" value={l.escrow} full label="TaskEscrow" /> : '—'}</Fact>
            </Facts>
            <Box>
              <Heading as="h2" size="md" mb="2">Latest blocks</Heading>
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <TableRoot size="sm" aria-label="Latest blocks">
                  <Table.Header>
                    <Table.Row>
                      {['Block', 'Time', 'Transactions'].map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {l.blocks.map((b) => (
                      <Table.Row key={b.number}>
                        <Table.Cell><ChainRef kind="block" value={b.number} /></Table.Cell>
                        <Table.Cell>{blockTime(b.timestamp)}</Table.Cell>
                        <Table.Cell>{b.transactionCount}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </TableRoot>
              </Table.ScrollArea>
            </Box>
          </Stack>
        )}
      </QueryState>
    </ExplorerFrame>
  );
}
