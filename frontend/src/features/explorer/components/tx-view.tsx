import { Badge, Box, Card, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { formatBaseUnits } from '@/lib/money';
import { blockTime } from '../block-time';
import { useExplorerTxQuery } from '../api';
import type { ExplorerTx } from '../types';
import { DecodedArgs } from './decoded-args';
import { ExplorerFrame } from './explorer-frame';
import { Fact, Facts } from '@/components/facts';
import { QueryState } from './query-state';

const STATUS_COLOR = { success: 'green', reverted: 'red', pending: 'yellow' } as const;

/** /explorer/tx/:hash — a transaction, its CENT / TaskEscrow call and events decoded. */
export function TxView({ hash }: { hash: string }) {
  const q = useExplorerTxQuery(hash);
  return (
    <ExplorerFrame title="Transaction">
      <QueryState q={q} what="transaction">{(tx) => <TxBody tx={tx} />}</QueryState>
    </ExplorerFrame>
  );
}

function TxBody({ tx }: { tx: ExplorerTx }) {
  return (
    <Stack gap="5">
      <Facts label="Transaction details">
        <Fact label="Hash"><ChainRef kind="tx" value={tx.hash} full /></Fact>
        <Fact label="Status"><Badge colorPalette={STATUS_COLOR[tx.status]}>{tx.status}</Badge></Fact>
        <Fact label="Block">
          {tx.blockNumber !== null ? <><ChainRef kind="block" value={tx.blockNumber} /> · {tx.confirmations} confirmation{tx.confirmations === 1 ? '' : 's'}</> : 'not mined yet'}
        </Fact>
        <Fact label="Time">{tx.timestamp ? blockTime(tx.timestamp) : '—'}</Fact>
        <Fact label="From"><ChainRef kind="address" value={tx.from} full /></Fact>
        <Fact label="To">
          {tx.to ? <HStack gap="2" wrap="wrap"><ChainRef kind="address" value={tx.to} full />{tx.toContract && <Badge>{tx.toContract}</Badge>}</HStack> : '—'}
        </Fact>
        {tx.createdContract && <Fact label="Contract created"><ChainRef kind="address" value={tx.createdContract} full /></Fact>}
        <Fact label="Value">{formatBaseUnits(tx.value)} ETH</Fact>
        <Fact label="Fee">{tx.fee !== null ? `${formatBaseUnits(tx.fee)} ETH` : '—'}</Fact>
        <Fact label="Gas used / limit">{tx.gasUsed ?? '—'} / {tx.gasLimit}</Fact>
        <Fact label="Nonce">{tx.nonce}</Fact>
      </Facts>

      <Box>
        <Heading as="h2" size="md" mb="2">Call</Heading>
        {tx.call ? (
          <Stack gap="2">
            <Text fontSize="sm"><Badge mr="2">{tx.call.contract}</Badge><Code fontSize="sm">{tx.call.signature}</Code></Text>
            <DecodedArgs args={tx.call.args} label={`Arguments of ${tx.call.name}`} />
          </Stack>
        ) : (
          <Text fontSize="sm" color="gray.700">{tx.input === '0x' ? 'No call data (a plain transfer).' : 'Not a CENT or TaskEscrow call: shown raw below.'}</Text>
        )}
        <Box as="details" mt="2" fontSize="sm">
          <Box as="summary" cursor="pointer" color="purple.700">Raw input ({(tx.input.length - 2) / 2} bytes{tx.inputTruncated ? ', cut' : ''})</Box>
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" mt="1" fontSize="xs">{tx.input}</Code>
        </Box>
      </Box>

      <Box>
        <Heading as="h2" size="md" mb="2">Events ({tx.logs.length})</Heading>
        {tx.logs.length === 0 ? (
          <Text fontSize="sm" color="gray.700">{tx.status === 'pending' ? 'Events appear once it is mined.' : 'No events.'}</Text>
        ) : (
          <Stack gap="3">
            {tx.logs.map((l) => (
              <Card.Root key={l.index} size="sm" data-testid={`log-${l.index}`}>
                <Card.Body gap="2">
                  <HStack gap="2" wrap="wrap" fontSize="sm">
                    <Text fontWeight="semibold">#{l.index} {l.event ? l.event.name : 'Unknown event'}</Text>
                    {l.contract && <Badge>{l.contract}</Badge>}
                    <ChainRef kind="address" value={l.address} />
                  </HStack>
                  {l.event ? (
                    <DecodedArgs args={l.event.args} label={`Arguments of event ${l.index} ${l.event.name}`} />
                  ) : (
                    <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="xs" p="2">{[...l.topics, l.data].join('\n')}</Code>
                  )}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
