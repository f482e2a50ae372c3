import { ListedCounters, ListedTask, TaskListingChange } from '../task-listing-change';
import { Loaded, ReadCache } from './read-cache';
import { TaskRow } from './task.view';

/** What a cached list answer asked, as far as deciding which writes touch it goes. */
export interface ListingTag {
  category: string | null;
  minReward?: number;
  maxReward?: number;
  available: boolean;
  /** Set only for `available` asked by a signed-in viewer (the one answer that depends on who asks). */
  viewerId: number | null;
}

export interface ListedRows {
  rows: TaskRow[];
  nextCursor: string | null;
}

/** Could this task be in answers to this filter? Search text is not checked: a searched answer counts as touched. */
function admits(tag: ListingTag, t: ListedTask | null): boolean {
  if (!t) return false;
  if (tag.category !== null && t.category !== tag.category) return false;
  if (tag.minReward !== undefined && t.reward < tag.minReward) return false;
  if (tag.maxReward !== undefined && t.reward > tag.maxReward) return false;
  return !tag.available || t.open;
}

/** Whether the set or order of tasks matching the filter (hence its pages and its total) may have changed. */
function reshapes(tag: ListingTag, c: TaskListingChange): boolean {
  const was = admits(tag, c.before);
  const is = admits(tag, c.after);
  // In or out of the filter (a task filling up leaves the "available" lists only), or moved within it.
  if (was !== is || (c.rekeyed && (was || is))) return true;
  return tag.viewerId !== null && c.submitters.includes(tag.viewerId) && is;
}

function sameCounters(row: TaskRow, c: ListedCounters | undefined): boolean {
  return !!c && row.completions === c.completions && row.totalSubmissions === c.totalSubmissions && row.pendingSubmissions === c.pendingSubmissions;
}

/**
 * A cached page after the changes, or null when it must be asked again: reshaped by one of them, or showing
 * a changed task whose change is more than its counters. A page showing a task whose counters alone moved
 * (a submission, a review: the bulk of writes) takes the new counters in place.
 */
function revisedPage(tag: ListingTag, page: ListedRows, changes: TaskListingChange[]): ListedRows | null {
  let rows = page.rows;
  for (const c of changes) {
    if (reshapes(tag, c)) return null;
    const at = rows.findIndex((t) => t.id === c.id);
    if (at < 0) continue;
    const shown = rows[at];
    if (sameCounters(shown, c.counters?.after)) continue;
    // Only a row showing the state the change started from takes the new counters: batches applied side by
    // side (a catch-up next to the live loop) may report out of order, and a row read after a later batch
    // must not go back to an earlier state. (Counters never repeat: submissions only grow, reviews only
    // lower the pending count.)
    if (!c.counters || !sameCounters(shown, c.counters.before)) return null;
    if (rows === page.rows) rows = [...rows];
    rows[at] = { ...shown, ...c.counters.after };
  }
  return rows === page.rows ? page : { rows, nextCursor: page.nextCursor };
}

/**
 * The public list's cache: rows of a page (or the plain array) and filter totals, kept apart because most
 * writes (a submission, an approval) only change counters shown in one task's row: the answers that show that
 * task take its new counters in place (the projection hands them over) and the totals stay. Writes that move
 * a task in or out of a filter (funded, filled, deactivated, a viewer's own submission for their "available"
 * list) drop the answers of the filters that could hold it. Read models moved by another process or a rebuild
 * drop everything. "available" also hides tasks once their deadline passes: those answers expire at the next
 * deadline of an open task.
 */
export class ListingCache {
  readonly rows: ReadCache<ListedRows, ListingTag>;
  readonly totals: ReadCache<number, ListingTag>;
  private nextDeadline: Promise<number | null> | null = null;

  constructor(maxEntries: number, ttlMs: number, private readonly nextOpenDeadline: () => Promise<number | null>) {
    this.rows = new ReadCache(maxEntries, ttlMs);
    this.totals = new ReadCache(maxEntries, ttlMs);
  }

  changed(changes: TaskListingChange[]): void {
    if (changes.some((c) => c.moved)) this.nextDeadline = null;
    this.rows.revise((tag, page) => revisedPage(tag, page, changes));
    this.totals.invalidate((tag) => changes.some((c) => reshapes(tag, c)));
  }

  clear(): void {
    this.nextDeadline = null;
    this.rows.clear();
    this.totals.clear();
  }

  /**
   * Runs `load` for an answer to `tag`, noting until when the clock leaves it right. The deadline is read
   * before the query starts, so it is never later than the first deadline the query could have seen pass.
   */
  async timed<V>(tag: ListingTag, load: () => Promise<V>): Promise<Loaded<V>> {
    if (!tag.available) return { value: await load() };
    const validUntil = await this.upcomingDeadline();
    return { value: await load(), validUntil: validUntil ?? undefined };
  }

  private async upcomingDeadline(): Promise<number | null> {
    let next = this.nextDeadline;
    const known = next ? await next : undefined;
    if (next === null || (known !== null && known !== undefined && known <= Date.now())) {
      next = this.nextDeadline = this.nextOpenDeadline();
      next.catch(() => {
        if (this.nextDeadline === next) this.nextDeadline = null;
      });
    }
    return next;
  }
}
