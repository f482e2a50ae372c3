/** CENT has 18 decimals; the API speaks whole CENT (the spec's unit), the chain speaks base units. */
export const CENT_DECIMALS = 18n;
export const BASE_UNITS_PER_CENT = 10n ** CENT_DECIMALS;

export function centToBaseUnits(cent: number | bigint): bigint {
  if (typeof cent === 'number' && !Number.isSafeInteger(cent)) throw new Error(`not a whole CENT amount: ${cent}`);
  return BigInt(cent) * BASE_UNITS_PER_CENT;
}

/** The whole escrow of a task: reward x maxCompletions, in base units. */
export function escrowAmount(rewardCent: number, maxCompletions: number): bigint {
  return centToBaseUnits(rewardCent) * BigInt(maxCompletions);
}
