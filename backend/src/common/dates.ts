/**
 * The instants both PostgreSQL (timestamptz reads years 1 to 294276, but only four-digit years in ISO text)
 * and JavaScript (±8.64e15 ms; `toISOString` writes "+010000-…" past 9999, which PostgreSQL refuses) handle:
 * 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z. Every date the app derives (review until, refundable
 * at) is clamped into it, so no stored value can make a read model unwritable or a view throw.
 */
export const MIN_STORABLE_MS = -62_135_596_800_000; // 0001-01-01T00:00:00.000Z (Date.UTC maps year 1 to 1901)
export const MAX_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Unix seconds (any bigint) as a Date inside the storable range. */
export function storableDateOfSeconds(seconds: bigint): Date {
  const min = BigInt(MIN_STORABLE_MS / 1000);
  const max = BigInt(Math.floor(MAX_STORABLE_MS / 1000));
  const s = seconds < min ? min : seconds > max ? max : seconds;
  return new Date(Number(s) * 1000);
}

/**
 * An ISO 8601 calendar date as clients send it — `YYYY-MM-DD`, optionally with `THH:MM[:SS[.fff]]` and `Z` or
 * `±HH:MM` — naming a day that exists (JavaScript would read 2027-02-30 as March 2nd) in years 0001-9999.
 * Anything else (numbers, "12345", "+010000-…", free text) is null.
 */
export function parseIsoDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  if (day > daysInMonth) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
