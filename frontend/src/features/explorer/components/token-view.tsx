import { Stack } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { formatBaseUnits } from '@/lib/money';
import { useExplorerTokenQuery } from '../api';
import { ExplorerFrame } from './explorer-frame';
import { Fact, Facts } from '@/components/facts';
import { QueryState } from './query-state';
import { TransfersTable } from './transfers-table';

/** /explorer/token/:address — the CENT token: supply, decimals, and every transfer, newest first. */
export function TokenView({ address }: { address: string }) {
  const q = useExplorerTokenQuery(address);
  return (
    <ExplorerFrame title={q.data ? `${q.data.name} (${q.data.symbol})` : 'Token'}>
      <QueryState q={q} what="token">
        {(t) => (
          <Stack gap="5">
            <Facts label="Token details">
              <Fact label="Contract"><ChainRef kind="address" value={t.address} full /></Fact>
              <Fact label="Total supply">{formatBaseUnits(t.totalSupply, t.decimals)} {t.symbol}</Fact>
              <Fact label="Decimals">{t.decimals}</Fact>
              <Fact label="Deployed in block"><ChainRef kind="block" value={t.deploymentBlock} /></Fact>
            </Facts>
            <TransfersTable address={t.address} token />
          </Stack>
        )}
      </QueryState>
    </ExplorerFrame>
  );
}
