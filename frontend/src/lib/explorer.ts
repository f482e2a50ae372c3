/** What a chain reference points at; each has its EIP-3091 path on a block explorer. */
export type ChainRefKind = 'tx' | 'address' | 'block' | 'token';

/**
 * The EIP-3091 URL of a transaction, address, block or token on the configured explorer (GET /api/config
 * `explorerUrl`), or null when none is configured. The one place these paths are built.
 */
export function explorerLink(explorerUrl: string | null | undefined, kind: ChainRefKind, value: string | number | bigint): string | null {
  if (!explorerUrl) return null;
  return `${explorerUrl.replace(/\/+$/, '')}/${kind}/${String(value)}`;
}

/** A hash or address shortened for display: `0x1234...abcd` (an address: spec part 2 §9, 6 + 4) or 10 + 8 for a hash. */
export function shortChainValue(kind: ChainRefKind, value: string): string {
  if (kind === 'block') return value;
  const [head, tail] = kind === 'tx' ? [10, 8] : [6, 4];
  return value.length > head + tail + 3 ? `${value.slice(0, head)}...${value.slice(-tail)}` : value;
}

/** The noun a screen reader hears for a kind ("Copy transaction hash"). */
export const CHAIN_REF_NOUN: Record<ChainRefKind, string> = {
  tx: 'transaction hash',
  address: 'address',
  block: 'block number',
  token: 'token address',
};
