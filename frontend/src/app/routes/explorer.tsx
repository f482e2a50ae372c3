import { useParams } from 'react-router';
import { AddressView } from '@/features/explorer/components/address-view';
import { BlockView } from '@/features/explorer/components/block-view';
import { ExplorerHome } from '@/features/explorer/components/explorer-home';
import { TokenView } from '@/features/explorer/components/token-view';
import { TxView } from '@/features/explorer/components/tx-view';
import { NotFoundPage } from './not-found';

/**
 * /explorer and its EIP-3091 pages (/explorer/tx/:hash, /address/:address, /block/:number, /token/:address): the
 * built-in explorer of the local chain, the app's explorer links' default target. Keyed by the value, so moving
 * from one address to another starts the page afresh (its transfer pages too).
 */
export function ExplorerPage() {
  const { kind, id } = useParams();
  if (!kind || !id) return <ExplorerHome />;
  switch (kind) {
    case 'tx':
      return <TxView key={id} hash={id} />;
    case 'address':
      return <AddressView key={id} address={id} />;
    case 'block':
      return <BlockView key={id} number={id} />;
    case 'token':
      return <TokenView key={id} address={id} />;
    default:
      return <NotFoundPage />;
  }
}

export const Component = ExplorerPage;
