import type { EscrowEvent } from '@/types/escrow';

export interface ChainTotals {
  funded: bigint;
  released: bigint;
  refunded: bigint;
}

/** What the chain's events add up to, in base units (bigint: never floats for money). */
export function chainTotals(events: Pick<EscrowEvent, 'type' | 'amount'>[]): ChainTotals {
  const t: ChainTotals = { funded: 0n, released: 0n, refunded: 0n };
  for (const e of events) {
    const amount = BigInt(e.amount);
    if (e.type === 'TaskFunded') t.funded += amount;
    else if (e.type === 'RewardReleased') t.released += amount;
    else if (e.type === 'TaskRefunded') t.refunded += amount;
  }
  return t;
}

/** Names of the chain's events in plain words. */
export const EVENT_LABEL: Record<EscrowEvent['type'], string> = {
  TaskFunded: 'Funded',
  RewardReleased: 'Reward released',
  TaskRefunded: 'Refunded',
};
