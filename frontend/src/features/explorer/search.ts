/** Where a search of the explorer goes: a tx hash, an address or a block number; null when it is none of them. */
export function searchTarget(input: string): string | null {
  const q = input.trim();
  if (/^0x[0-9a-fA-F]{64}$/.test(q)) return `/explorer/tx/${q}`;
  if (/^0x[0-9a-fA-F]{40}$/.test(q)) return `/explorer/address/${q}`;
  if (/^(0|[1-9][0-9]{0,15})$/.test(q)) return `/explorer/block/${q}`;
  return null;
}
