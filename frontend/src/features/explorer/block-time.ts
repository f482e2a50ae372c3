import { formatDate } from '@/lib/dates';

/** A block's time as the explorer shows it: the app's date, then the UTC time of day ("Nov 25, 2026 15:04:05 UTC"). */
export function blockTime(iso: string): string {
  return `${formatDate(iso)} ${new Date(iso).toISOString().slice(11, 19)} UTC`;
}
