import { Badge, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ChainRef } from '@/components/chain-ref';
import { formatBaseUnits } from '@/lib/money';
import { useExplorerAddressQuery } from '../api';
import { ExplorerFrame } from './explorer-frame';
import { Fact, Facts } from '@/components/facts';
import { QueryState } from './query-state';
import { TransfersTable } from './transfers-table';
import { VerifiedSource } from './verified-source';

const KIND_TEXT = {
  TaskEscrow: 'TaskEscrow contract: holds the CENT of every funded task',
  CentToken: 'CENT token contract',
  contract: 'Contract',
  account: 'Account',
} as const;

/** /explorer/address/:address — its kind, CENT and native balances, the escrow's verified source, its CENT transfers. */
export function AddressView({ address }: { address: string }) {
  const q = useExplorerAddressQuery(address);
  return (
    <ExplorerFrame title={q.data?.kind === 'TaskEscrow' ? 'TaskEscrow' : q.data?.kind === 'CentToken' ? 'CENT token contract' : 'Address'}>
      <QueryState q={q} what="address">
        {(a) => (
          <Stack gap="5">
            <Facts label="Address details">
              <Fact label="Address"><ChainRef kind="address" value={a.address} full /></Fact>
              <Fact label="Kind"><Badge colorPalette={a.kind === 'account' ? 'gray' : 'purple'}>{KIND_TEXT[a.kind]}</Badge></Fact>
              <Fact label="CENT balance"><Text as="span" data-testid="cent-balance">{a.centBalance !== null ? `${formatBaseUnits(a.centBalance)} CENT` : '—'}</Text></Fact>
              <Fact label="ETH balance">{formatBaseUnits(a.nativeBalance)} ETH</Fact>
              <Fact label="Transactions sent">{a.transactionCount}</Fact>
              {a.kind === 'CentToken' && (
                <Fact label="Token">
                  <Link asChild color="purple.700"><RouterLink to={`/explorer/token/${a.address}`}>Token page: supply and every transfer</RouterLink></Link>
                </Fact>
              )}
            </Facts>
            {a.verifiedSource && <VerifiedSource address={a.address} />}
            <TransfersTable address={a.address} of={a.address} />
          </Stack>
        )}
      </QueryState>
    </ExplorerFrame>
  );
}
