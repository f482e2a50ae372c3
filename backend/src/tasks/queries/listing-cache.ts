import { Checkpoint, StoredEvent, compareCheckpoints } from '../../event-store/stored-event';
import { UnseenRange } from '../../projections/projection-runner';
import { CREATOR_LINE_EVENTS } from '../../creator-records/creator-record.view';
import { ListedCounters, ListedTask, ListingEffect, TaskListingChange, listingEffectOf } from '../task-listing-change';
import { ASK_AGAIN, Loaded, ReadCache } from './read-cache';
import { TaskRow } from './task.view';

/** Where lists file a task (immutable after TaskCreated); unknown: it could be anywhere. */
export interface TaskTerms {
  category: string;
  reward: number;
  /** Its creator, whose record line every listed task of theirs shows (unknown: any creator). */
  creatorId?: number;
}


/** What a cached list answer asked, as far as deciding which writes touch it goes. */
export interface ListingTag {
  /** The search text (trimmed), null without one. */
  search: string | null;
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
  /** The task right after the page (the query's one row more), which decides whether there is a next page. */
  lookAhead?: number;
}

/** Could a task with these terms be in answers to this filter, slots aside? Unknown terms: yes. Search text is not checked. */
function admitsTerms(tag: ListingTag, t: TaskTerms | undefined): boolean {
  if (!t) return true;
  if (tag.category !== null && t.category !== tag.category) return false;
  if (tag.minReward !== undefined && t.reward < tag.minReward) return false;
  return tag.maxReward === undefined || t.reward <= tag.maxReward;
}

/** Could this task be in answers to this filter? Search text is not checked: a searched answer counts as touched. */
function admits(tag: ListingTag, t: ListedTask | null): boolean {
  if (!t || !admitsTerms(tag, t)) return false;
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

/** What the events another process applied did to the lists, gathered over a batch of them. */
interface ElsewhereEffects {
  /** Tasks whose rows changed: the answers showing them are stale. */
  shown: Set<number>;
  /** Tasks that may have left "available" answers: also stale where they were the row after the page. */
  left: Set<number>;
  /** Tasks that may have entered or left answers (`slots`, `placed`): what a searched total is checked against. */
  counted: Set<number>;
  /** Terms (undefined: unknown) of tasks that may have entered or left "available" answers: their totals. */
  slots: Array<TaskTerms | undefined>;
  /** Terms of tasks that may have entered "available" answers: any such page. */
  joined: Array<TaskTerms | undefined>;
  /** Terms of tasks that may have moved in any answer: every page and total that could hold them. */
  placed: Array<TaskTerms | undefined>;
  /** Creators whose record line moved (a review of one of their tasks): pages showing any of their tasks. */
  creators: Set<number>;
  /** A review of a task whose creator is not known here: every page may show that creator's line. */
  anyCreator: boolean;
}

/**
 * Whether these effects can have changed an answer to `tag` (a page, `page`, or the filter's total, null)
 * beyond the rows it shows. `rowsReloadable`: the rows a page shows can be read again on their own (see
 * `reloadShown`), so a page that only shows a changed task or creator line is not stale here.
 */
function staleElsewhere(tag: ListingTag, page: ListedRows | null, fx: ElsewhereEffects, rowsReloadable: boolean): boolean {
  if (fx.placed.some((t) => admitsTerms(tag, t))) return true;
  if (!page) return tag.available && fx.slots.some((t) => admitsTerms(tag, t));
  if (tag.available && fx.joined.some((t) => admitsTerms(tag, t))) return true;
  // A task leaving a list changes only the pages that showed it, and the one it came right after (which may
  // have no next page now): nothing else moves, as the sort keys of a task never change.
  if (tag.available && page.lookAhead !== undefined && fx.left.has(page.lookAhead)) return true;
  if (tag.available && page.rows.some((r) => fx.left.has(r.id))) return true;
  if (fx.anyCreator) return true;
  return !rowsReloadable && shows(page, fx);
}

/** Whether a page shows a task whose row another process changed, or a line of a creator whose record moved. */
function shows(page: ListedRows, fx: ElsewhereEffects): boolean {
  return page.rows.some((r) => shownRowChanged(r, fx));
}

/** Whether another process changed this row: its task's, or its creator's record line. */
function shownRowChanged(row: TaskRow, fx: ElsewhereEffects): boolean {
  return fx.shown.has(row.id) || fx.creators.has(row.creatorId);
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
  return rows === page.rows ? page : { ...page, rows };
}

/** Adds one event's effect; false when it changes nothing listed. */
function note(fx: ElsewhereEffects, effect: ListingEffect, taskId: number, terms: () => TaskTerms | undefined): boolean {
  if (effect === 'none') return false;
  fx.shown.add(taskId);
  if (effect === 'leaves') {
    fx.left.add(taskId);
    fx.slots.push(terms());
    fx.counted.add(taskId);
  } else if (effect === 'joins') {
    const t = terms();
    fx.slots.push(t);
    fx.joined.push(t);
    fx.counted.add(taskId);
  } else if (effect === 'placement') {
    fx.placed.push(terms());
    fx.counted.add(taskId);
  }
  return true;
}

/**
 * The public list's cache: rows of a page (or the plain array) and filter totals, kept apart because most
 * writes (a submission, an approval) only change counters shown in one task's row: the answers that show that
 * task take its new counters in place (the projection hands them over) and the totals stay. Writes that move
 * a task in or out of a filter (funded, filled, deactivated, a viewer's own submission for their "available"
 * list) drop the answers of the filters that could hold it. Read models moved by another process (a replica,
 * the indexer) drop what the events it applied can change, read from the event store by the replica's store
 * follower (`movedElsewhere`, `followedTo`): at 20 payouts a second from the indexer, most answers stay. A
 * rebuild drops everything. "available" also hides tasks once their deadline passes: those answers expire at
 * the next deadline of an open task.
 */
export class ListingCache {
  readonly rows: ReadCache<ListedRows, ListingTag>;
  readonly totals: ReadCache<number, ListingTag>;
  private nextDeadline: Promise<number | null> | null = null;
  /** Ranges of events other processes applied that the store follower has not handed over yet, oldest first. */
  private unseen: UnseenRange[] = [];
  /** Reads waiting for the follower to reach the end of the unseen ranges known when they came. */
  private waiting: Array<{ until: Checkpoint; release: () => void }> = [];

  constructor(
    maxEntries: number,
    ttlMs: number,
    private readonly nextOpenDeadline: () => Promise<number | null>,
    /**
     * How long a read waits for the follower to hand a range over before the cache is dropped whole (what every
     * such change did before). The follower answers in one or two round trips (a few ms); on a machine so busy
     * that it takes longer, the SQL path serves better than reads queued behind the follower.
     */
    private readonly followerWaitMs = 200,
    /** Told when the follower did not hand a range over in time (the cache was dropped whole). */
    private readonly onFollowerLate?: () => void,
    /**
     * Reads the rows of these tasks as a page shows them (TASK_COLUMNS). With it, a page whose only change is
     * in rows it shows (counters, a creator's record line: what most writes do) takes the fresh rows from one
     * small query shared by every such page, instead of each page being asked again; without it, it is dropped.
     */
    private readonly reloadTasks?: (ids: number[]) => Promise<TaskRow[]>,
    /**
     * How many of these tasks exist and do not match this search text (SEARCH_MISSES_SQL). With it, a searched
     * total that a change could reach only through tasks outside its search stays (a task's text never
     * changes): one query by id instead of the count over every listed task (~35 ms at 100k tasks) asked again.
     */
    private readonly countSearchMisses?: (ids: number[], search: string) => Promise<number>,
  ) {
    this.rows = new ReadCache(maxEntries, ttlMs);
    this.totals = new ReadCache(maxEntries, ttlMs);
  }

  changed(changes: TaskListingChange[]): void {
    if (changes.some((c) => c.moved)) this.nextDeadline = null;
    this.rows.revise((tag, page) => revisedPage(tag, page, changes));
    this.reviseTotals((tag) => changes.filter((c) => reshapes(tag, c)).map((c) => c.id));
    const creators = new Set(changes.flatMap((c) => (c.creatorLineMoved === null ? [] : [c.creatorLineMoved])));
    if (creators.size) this.reloadShown((r) => creators.has(r.creatorId));
  }

  clear(): void {
    this.nextDeadline = null;
    this.rows.clear();
    this.totals.clear();
  }

  /**
   * Another process applied the events of `moved` (null: the read models were rebuilt). Until the store
   * follower hands those events over (`followedTo`), reads wait (`caughtUp`): answers cached before may miss
   * them. `followerAt`: how far the follower has read. Events it read before they were known to come from
   * elsewhere cannot be looked at again (only at start, when it begins at the store's head), so then, as for a
   * rebuild, everything goes.
   */
  movedElsewhere(moved: UnseenRange | null, followerAt: Checkpoint | null): void {
    if (!moved || !followerAt || compareCheckpoints(followerAt, moved.after) > 0) {
      this.clear();
      this.unseen = [];
      this.release(null);
      return;
    }
    this.unseen.push(moved);
  }

  /**
   * The store follower read `events` (in store order, all in the read models) up to `reached`: drops the
   * answers that those of them applied by another process can have changed. `task`: their tasks' terms.
   */
  followedTo(events: StoredEvent[], reached: Checkpoint, task: (taskId: number) => TaskTerms | undefined): void {
    if (this.unseen.length) {
      const elsewhere: StoredEvent[] = [];
      let r = 0;
      for (const e of events) {
        const at: Checkpoint = { transactionId: e.transactionId, position: e.globalPosition };
        while (r < this.unseen.length && compareCheckpoints(at, this.unseen[r].through) > 0) r++;
        if (r === this.unseen.length) break;
        if (compareCheckpoints(at, this.unseen[r].after) > 0) elsewhere.push(e);
      }
      this.changedElsewhere(elsewhere, task);
      this.unseen = this.unseen.filter((u) => compareCheckpoints(u.through, reached) > 0);
    }
    this.release(reached);
  }

  /**
   * Another process applied `events` (in store order): drops, or has read again, the answers they can have
   * changed. Called with a whole unseen range by the projection batch that found it and read its events (so no
   * read waits for the store follower), and by `followedTo` for the ranges the follower had to read.
   * `task`: their tasks' terms, where known.
   */
  changedElsewhere(events: StoredEvent[], task: (taskId: number) => TaskTerms | undefined): void {
    const fx: ElsewhereEffects = { shown: new Set(), left: new Set(), counted: new Set(), slots: [], joined: [], placed: [], creators: new Set(), anyCreator: false };
    let any = false;
    for (const e of events) {
      const taskId = e.data?.taskId;
      if (typeof taskId !== 'number') continue;
      any = note(fx, listingEffectOf(e), taskId, () => task(taskId)) || any;
      if (CREATOR_LINE_EVENTS.has(e.type)) {
        const creatorId = task(taskId)?.creatorId;
        if (creatorId === undefined) fx.anyCreator = true;
        else fx.creators.add(creatorId);
        any = true;
      }
    }
    if (!any) return;
    if (fx.placed.length) this.nextDeadline = null;
    const reloadable = !!this.reloadTasks;
    this.rows.invalidate((tag, page) => staleElsewhere(tag, page, fx, reloadable));
    const counted = [...fx.counted];
    this.reviseTotals((tag) => (staleElsewhere(tag, null, fx, reloadable) ? counted : []));
    this.reloadShown((r) => shownRowChanged(r, fx));
  }

  /**
   * Null when every change another process made (as far as this process knows) has been applied to the cache;
   * else resolves once those known now have (ranges reported later are writes concurrent with this read, and
   * waiting for them too would never end while other processes keep writing), or after `followerWaitMs` with
   * the cache dropped whole (a follower that cannot read must neither leave stale answers nor hold reads up).
   */
  caughtUp(): Promise<void> | null {
    if (!this.unseen.length) return null;
    const until = this.unseen[this.unseen.length - 1].through;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (this.waiting.some((w) => w.release === release)) {
          this.onFollowerLate?.();
          this.movedElsewhere(null, null);
        }
      }, this.followerWaitMs);
      const release = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push({ until, release });
    });
  }

  /**
   * Pages showing a row for which `changed` holds take those rows fresh from the database (one query for
   * all of them, `reloadTasks`); without a reader, they are dropped. A fresh row is never older than the one
   * it replaces: it is read after the change was committed, and after the page was.
   */
  private reloadShown(changed: (row: TaskRow) => boolean): void {
    const reload = this.reloadTasks;
    if (!reload) {
      this.rows.invalidate((_tag, page) => page.rows.some(changed));
      return;
    }
    const ids = new Set<number>();
    let collected!: () => void;
    const fresh = new Promise<void>((resolve) => (collected = resolve))
      .then(() => reload([...ids]))
      .then((rows) => new Map(rows.map((r) => [r.id, r])));
    this.rows.reviseLater((_tag, page) => {
      const stale = page.rows.filter(changed);
      if (!stale.length) return null;
      for (const r of stale) ids.add(r.id);
      return fresh.then((byId) => ({ ...page, rows: page.rows.map((r) => byId.get(r.id) ?? r) }));
    });
    if (ids.size) collected();
  }

  /**
   * Totals after changes: `reachedBy(tag)` gives the tasks through which they may have changed that total
   * (none: it stays). A total with a search text keeps its count when none of those tasks matches the text
   * (checked by one query per text, `countSearchMisses`; it counts as running meanwhile, see ReadCache.reviseLater);
   * every other one reached goes, as does every total whose query is still running.
   */
  private reviseTotals(reachedBy: (tag: ListingTag) => number[]): void {
    const misses = this.countSearchMisses;
    const checks = new Map<string, Promise<boolean>>();
    this.totals.invalidate((tag) => reachedBy(tag).length > 0 && (!misses || tag.search === null));
    if (!misses) return;
    this.totals.reviseLater((tag, total) => {
      const ids = tag.search === null ? [] : reachedBy(tag);
      if (!ids.length) return null;
      const key = JSON.stringify([tag.search, ids]);
      let outside = checks.get(key);
      if (!outside) checks.set(key, (outside = misses(ids, tag.search!).then((n) => n === ids.length)));
      return outside.then((kept) => (kept ? total : ASK_AGAIN));
    });
  }

  /** Lets the reads go whose ranges the follower has handed over by `reached` (null: every read). */
  private release(reached: Checkpoint | null): void {
    const ready = this.waiting.filter((w) => !reached || compareCheckpoints(w.until, reached) <= 0);
    if (!ready.length) return;
    this.waiting = this.waiting.filter((w) => !ready.includes(w));
    for (const w of ready) w.release();
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
