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
