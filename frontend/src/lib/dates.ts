/** Dates in en-US with a short month. Deadlines use the spec's pattern MMM dd, yyyy ("Jan 05, 2025"). */
const deadlineFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const toDate = (v: string | number | Date) => (v instanceof Date ? v : new Date(v));

export function formatDeadline(v: string | number | Date): string {
  return deadlineFormat.format(toDate(v));
}

export function formatDate(v: string | number | Date): string {
  return dateFormat.format(toDate(v));
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A moment to the second ("Nov 25, 2026, 03:04:05 PM"), for things that change by the minute (the chain's last block seen). */
export function formatDateTime(v: string | number | Date): string {
  return dateTimeFormat.format(toDate(v));
}
