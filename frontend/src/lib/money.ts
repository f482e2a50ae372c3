/**
 * CENT amounts: whole CENT integers (the API's `reward`) and base-unit decimal strings (18 decimals, on chain).
 * Only bigint arithmetic and string formatting here, never floating point.
 */
export const CENT_DECIMALS = 18;
const UNIT = 10n ** BigInt(CENT_DECIMALS);

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function toBigInt(v: bigint | number | string): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`not a whole amount: ${v}`);
    return BigInt(v);
  }
  if (!/^-?\d+$/.test(v.trim())) throw new Error(`not a whole amount: ${v}`);
  return BigInt(v.trim());
}

/** Whole CENT with thousands separators: 100000 -> "100,000". */
export function formatCent(whole: bigint | number | string): string {
  const n = toBigInt(whole);
  return (n < 0n ? '-' : '') + group((n < 0n ? -n : n).toString());
}

/** Base units -> CENT text, exact: "250000000000000000000" -> "250", "1500000000000000000" -> "1.5". */
export function formatBaseUnits(base: bigint | string, decimals = CENT_DECIMALS): string {
  const n = toBigInt(base);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const frac = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return (neg ? '-' : '') + group(whole.toString()) + (frac ? `.${frac}` : '');
}

export function centToBaseUnits(whole: bigint | number | string): bigint {
  return toBigInt(whole) * UNIT;
}
