import { useState } from 'react';
import { Box, Button, Heading, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { TableRoot } from '@/components/ui/table';
import { errorText } from '@/lib/http-error';
import { formatBaseUnits } from '@/lib/money';
import { useExplorerTransfersQuery } from '../api';

/**
 * CENT transfers, newest first, a page at a time: the server scans a bounded range of blocks per page, so a page
 * may hold fewer than 25 (even none) and still offer older ones ("Older transfers" follows its cursor).
 */
export function TransfersTable({ address, token = false, of }: { address: string; token?: boolean; of?: string }) {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const before = cursors[cursors.length - 1];
  const q = useExplorerTransfersQuery({ address, token, before });
  const page = q.data;
  return (
    <Box>
      <Heading as="h2" size="md" mb="2">CENT transfers</Heading>
      {q.isFetching && !page ? <Spinner aria-label="Loading transfers" /> : q.error ? (
        <Text color="red.700" role="alert">{errorText(q.error, 'The transfers cannot be shown.')}</Text>
      ) : page && (
        <>
          {page.items.length === 0 ? (
            <Text fontSize="sm" color="gray.700">No CENT transfers in blocks {page.scanned.fromBlock}–{page.scanned.toBlock}.</Text>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <TableRoot size="sm" aria-label="CENT transfers">
                <Table.Header>
                  <Table.Row>
                    {['Transaction', 'Block', 'From', 'To', 'Amount'].map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {page.items.map((t) => (
                    <Table.Row key={`${t.txHash}-${t.logIndex}`}>
                      <Table.Cell><ChainRef kind="tx" value={t.txHash} /></Table.Cell>
                      <Table.Cell><ChainRef kind="block" value={t.blockNumber} /></Table.Cell>
                      <Table.Cell><Party address={t.from} of={of} /></Table.Cell>
                      <Table.Cell><Party address={t.to} of={of} /></Table.Cell>
                      <Table.Cell whiteSpace="nowrap" textAlign="end">{formatBaseUnits(t.amount)} CENT</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </TableRoot>
            </Table.ScrollArea>
          )}
          <HStack gap="2" mt="2">
            {cursors.length > 1 && <Button size="sm" variant="outline" onClick={() => setCursors((c) => c.slice(0, -1))}>Newer transfers</Button>}
            {page.next && <Button size="sm" variant="outline" loading={q.isFetching} onClick={() => setCursors((c) => [...c, page.next])}>Older transfers</Button>}
          </HStack>
        </>
      )}
    </Box>
  );
}

/** The address itself reads "this address" instead of a link to the page already open. */
function Party({ address, of }: { address: string; of?: string }) {
  if (of && address.toLowerCase() === of.toLowerCase()) return <Text as="span" fontSize="sm" fontWeight="semibold">this address</Text>;
  return <ChainRef kind="address" value={address} />;
}
