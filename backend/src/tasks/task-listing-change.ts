import { Row, RowChange } from '../projections/row-projection';

/** What a public list can see of a task: null when it is not listed at all (unfunded, draft, refunded…). */
export interface ListedTask {
  category: string;
  reward: number;
  /** A free slot (pending + approved < max); the deadline, the clock's part of "available", is not in it. */
  open: boolean;
}

/**
 * One task a projection batch changed, as the list's cache needs it. `moved` says whether the task may have
 * entered, left or moved within some list (anything but the counters shown in its row changed); if not, only
 * answers that show the task itself are stale. `submitters`: users who submitted to it in the batch (their own
 * "available" lists lose it).
 */
export interface TaskListingChange {
  id: number;
  before: ListedTask | null;
  after: ListedTask | null;
  moved: boolean;
  submitters: number[];
}

const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));

export function listed(row: Row | undefined): ListedTask | null {
  if (!row || row.funding_status !== 'funded' || !row.is_active) return null;
  const open = Number(row.completions) + Number(row.pending_submissions) < Number(row.max_completions);
  return { category: String(row.category), reward: Number(row.reward), open };
}

/** Everything that decides whether and where a listed task appears (filters and sort keys). */
function placement(row: Row | undefined): string | null {
  const t = listed(row);
  if (!t || !row) return null;
  return JSON.stringify([t.open, t.category, t.reward, ms(row.created_at), ms(row.deadline), row.title, row.description]);
}

/** Rows come back from PostgreSQL typed (Date, number) and out of the fold as event JSON (ISO strings): both work. */
export function toListingChange(c: RowChange, submitters: number[]): TaskListingChange {
  return { id: c.key, before: listed(c.before), after: listed(c.after), moved: placement(c.before) !== placement(c.after), submitters };
}
