import { Checkpoint, StoredEvent, compareCheckpoints } from '../../event-store/stored-event';
import { UnseenRange } from '../../projections/projection-runner';
import { CREATOR_LINE_EVENTS } from '../../creator-records/creator-record.view';
import { ListedCounters, ListedTask, ListingEffect, TaskListingChange, listingEffectOf } from '../task-listing-change';
import { TaskEvents as T } from '../domain/task.events';
import { LISTED, ListingRow, OPEN_SLOT, predicateOf } from './listing-rule';
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

/** How a task's free slots moved in a range of events another process applied (see `slotMoveSettled`). */
interface SlotMove {
  /** A slot was taken (a submission, an appeal). */
  leaves: boolean;
  /** A slot was given back (a rejection, an upheld appeal). */
  joins: boolean;
  terms: TaskTerms | undefined;
}

/** Listed with a free slot (the deadline aside: "available" answers expire at it on their own). */
const hasOpenSlot = predicateOf([...LISTED, ...OPEN_SLOT]);

/** A row as a page shows it, in the listing rule's columns. */
function listingRowOf(row: TaskRow): ListingRow {
  return { funding_status: row.fundingStatus, is_active: row.isActive, completions: row.completions, pending_submissions: row.pendingSubmissions, max_completions: row.maxCompletions };
}

/**
 * One read of fresh rows shared by every answer revised after a change: each asks for the ids it needs
 * (`ask`, while the cache is being revised), and the query goes once all have (`go`) — never when none asked.
 */
interface FreshRows {
  ask(ids: number[]): Promise<Map<number, TaskRow>>;
  go(): void;
}

function freshRows(reload: (ids: number[]) => Promise<TaskRow[]>): FreshRows {
  const ids = new Set<number>();
  let start!: () => void;
  const rows = new Promise<void>((resolve) => (start = resolve))
    .then(() => reload([...ids]))
    .then((found) => new Map(found.map((r) => [r.id, r])));
  return {
    ask: (more) => {
      for (const id of more) ids.add(id);
      return rows;
    },
    go: () => {
      if (ids.size) start();
    },
  };
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
  /** Tasks whose free slots moved (a submission or an appeal takes one, a rejection gives one back), and how. */
  slotMoves: Map<number, SlotMove>;
  /** Who submitted to a task (their own "available" answers lose it whatever its slots). */
  submitters: Map<number, Set<number>>;
  /** Creators whose record line moved (a review of one of their tasks): pages showing any of their tasks. */
  creators: Set<number>;
  /**
   * Reviewed tasks whose creator is not known here: any page may show that creator's line. With a reader of
   * rows, their fresh rows tell who the creators are (`reloadShown`); without one, every page is stale.
   */
  unknownCreators: Set<number>;
}

/**
 * Whether these effects can have changed an answer to `tag` (a page, `page`, or the filter's total, null)
 * beyond the rows it shows. `rowsReloadable`: the rows a page shows can be read again on their own (see
 * `reloadShown`), so a page that only shows a changed task or creator line is not stale here, nor an answer
 * whose tasks' slots moved (decided on their fresh rows: `slotsToCheck`).
 */
function staleElsewhere(tag: ListingTag, page: ListedRows | null, fx: ElsewhereEffects, rowsReloadable: boolean): boolean {
  if (placedIn(tag, fx)) return true;
  // With a reader of rows, whether a task's slots moved it in or out of "available" answers is decided on its
  // fresh row (`slotsToCheck`); the viewer's own submission takes the task out of their answers regardless.
  if (tag.available && tag.viewerId !== null && [...fx.submitters].some(([id, users]) => users.has(tag.viewerId!) && (!page || shownOrNext(page, id)))) return true;
  if (!page) return tag.available && !rowsReloadable && fx.slots.some((t) => admitsTerms(tag, t));
  if (rowsReloadable) return false;
  if (fx.unknownCreators.size) return true;
  if (tag.available && fx.joined.some((t) => admitsTerms(tag, t))) return true;
  // A task leaving a list changes only the pages that showed it, and the one it came right after (which may
  // have no next page now): nothing else moves, as the sort keys of a task never change.
  if (tag.available && [...fx.left].some((id) => shownOrNext(page, id))) return true;
  return shows(page, rowChangesOf(fx));
}

/** Whether a task these effects may have moved anywhere could be in answers to `tag` (the tag alone decides). */
function placedIn(tag: ListingTag, fx: ElsewhereEffects): boolean {
  return fx.placed.some((t) => admitsTerms(tag, t));
}

/**
 * Tasks and creators by id: those a page's rows show (`shownIds`), or those whose rows another process changed
 * (a task's row, or a creator's record line on every row of theirs: `rowChangesOf`).
 */
interface RowIds {
  tasks: ReadonlySet<number>;
  creators: ReadonlySet<number>;
}

/**
 * Each cached page's ids, kept with its rows array: a revision makes a new array and never changes one (nor a
 * row's id or creator), so they hold for the array's life. Every change another process makes is checked
 * against every cached page (up to 1,000, of up to 100 rows): looking its few changed ids up here instead of
 * going through each page's rows halved the CPU each such write costs a replica (`npm run bench:list-cache`).
 */
const shownIdsOfRows = new WeakMap<readonly TaskRow[], RowIds>();

function shownIds(page: ListedRows): RowIds {
  let ids = shownIdsOfRows.get(page.rows);
  if (!ids) shownIdsOfRows.set(page.rows, (ids = { tasks: new Set(page.rows.map((r) => r.id)), creators: new Set(page.rows.map((r) => r.creatorId)) }));
  return ids;
}

/** Whether the two sets share an element (looking the smaller one's up in the larger). */
function overlap(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size > b.size) return overlap(b, a);
  for (const x of a) if (b.has(x)) return true;
  return false;
}

/** Whether a page shows the task, or the task is the one right after it (whether there is a next page). */
function shownOrNext(page: ListedRows, id: number): boolean {
  return page.lookAhead === id || shownIds(page).tasks.has(id);
}

/**
 * The tasks whose fresh rows decide whether their moved slots changed this answer (a page, or a total when
 * `page` is null) — see `slotMoveSettled`: for an "available" answer, those that could enter it (a slot given
 * back, terms it admits) and, for a page, those it shows or that come right after it and may have filled up.
 */
function slotsToCheck(tag: ListingTag, page: ListedRows | null, fx: ElsewhereEffects): number[] {
  if (!tag.available) return [];
  const ids: number[] = [];
  for (const [id, move] of fx.slotMoves) {
    if (!admitsTerms(tag, move.terms)) continue;
    if (!page || move.joins || (move.leaves && shownOrNext(page, id))) ids.push(id);
  }
  return ids;
}

/**
 * Whether a task's slot moves leave every "available" answer as it was, judged on its row read after them:
 * taking slots (submissions, appeals) cannot make a task open, so one still open now was open before them
 * and has neither left nor moved; giving slots back (rejections) cannot close one, so one still without a
 * free slot now had none before and has not entered. Both kinds, no row, or the other outcome: it may have
 * moved (the answer is asked again). Any later move of the same task is reported in its turn and judged so
 * too, so an answer kept here is never kept past a change of the task's place in it.
 * A task whose deadline has passed is in no "available" answer, before or after (one that showed it while it
 * was open expired at the deadline: `timed`): the review cut-offs' rejections, all past the deadline, move
 * nothing.
 */
function slotMoveSettled(move: SlotMove, row: TaskRow | undefined, now = Date.now()): boolean {
  if (row && new Date(row.deadline).getTime() <= now) return true;
  if (!row || move.leaves === move.joins) return false;
  return hasOpenSlot(listingRowOf(row)) === move.leaves;
}

/** What another process changed in the rows pages show: its tasks' rows and its creators' record lines. */
function rowChangesOf(fx: ElsewhereEffects): RowIds {
  return { tasks: fx.shown, creators: fx.creators };
}

function rowChanged(row: TaskRow, changes: RowIds): boolean {
  return changes.tasks.has(row.id) || changes.creators.has(row.creatorId);
}

/** Whether a page shows a row `changes` names. */
function shows(page: ListedRows, changes: RowIds): boolean {
  const ids = shownIds(page);
  return overlap(changes.tasks, ids.tasks) || overlap(changes.creators, ids.creators);
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
    if (!shownIds(page).tasks.has(c.id)) continue;
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
function note(fx: ElsewhereEffects, effect: ListingEffect, e: StoredEvent, taskId: number, terms: () => TaskTerms | undefined): boolean {
  if (effect === 'none') return false;
  fx.shown.add(taskId);
  if (effect === 'leaves' || effect === 'joins') {
    const t = terms();
    fx.slots.push(t);
    fx.counted.add(taskId);
    const move = fx.slotMoves.get(taskId) ?? { leaves: false, joins: false, terms: t };
    fx.slotMoves.set(taskId, move);
    if (effect === 'leaves') {
      fx.left.add(taskId);
      move.leaves = true;
    } else {
      fx.joined.push(t);
      move.joins = true;
    }
    if (e.type === T.SubmissionSubmitted && typeof e.data?.userId === 'number') {
      fx.submitters.set(taskId, (fx.submitters.get(taskId) ?? new Set()).add(e.data.userId));
    }
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
 * the indexer) drop what the events it applied can change, handed over by the projection batch that found them
 * (`changedElsewhere`) or read by the replica's store follower (`movedElsewhere`, `followedTo`): at 20 payouts
 * a second from the indexer, most answers stay. A submission or a rejection there is judged on the task's
 * fresh row (`slotMoveSettled`): the "available" answers stay unless it may have filled up or opened. A
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
    this.rows.revise((tag, page) => revisedPage(tag, page, changes), (tag) => changes.some((c) => reshapes(tag, c)));
    this.reviseTotals((tag) => changes.filter((c) => reshapes(tag, c)).map((c) => c.id));
    const creators = new Set(changes.flatMap((c) => (c.creatorLineMoved === null ? [] : [c.creatorLineMoved])));
    if (creators.size) this.reloadShown({ tasks: new Set(), creators });
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
    const fx: ElsewhereEffects = {
      shown: new Set(), left: new Set(), counted: new Set(), slots: [], joined: [], placed: [], slotMoves: new Map(), submitters: new Map(), creators: new Set(), unknownCreators: new Set(),
    };
    let any = false;
    for (const e of events) {
      const taskId = e.data?.taskId;
      if (typeof taskId !== 'number') continue;
      any = note(fx, listingEffectOf(e), e, taskId, () => task(taskId)) || any;
      if (CREATOR_LINE_EVENTS.has(e.type)) {
        const creatorId = task(taskId)?.creatorId;
        if (creatorId === undefined) fx.unknownCreators.add(taskId);
        else fx.creators.add(creatorId);
        any = true;
      }
    }
    if (!any) return;
    if (fx.placed.length) this.nextDeadline = null;
    const reloadable = !!this.reloadTasks;
    this.rows.invalidate((tag, page) => staleElsewhere(tag, page, fx, reloadable), (tag) => placedIn(tag, fx));
    const counted = [...fx.counted];
    if (!reloadable) {
      this.reviseTotals((tag) => (staleElsewhere(tag, null, fx, false) ? counted : []));
      this.reloadShown(rowChangesOf(fx));
      return;
    }
    // One read of fresh rows for the pages and the totals alike, sent once both have said which they need.
    const fresh = freshRows(this.reloadTasks!);
    this.reviseTotals((tag) => (staleElsewhere(tag, null, fx, true) ? counted : []), { ids: (tag) => slotsToCheck(tag, null, fx), fx, fresh });
    this.reloadShown(rowChangesOf(fx), { ids: (tag, page) => slotsToCheck(tag, page, fx), fx, fresh });
    fresh.go();
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
   * Pages showing a row `changed` names take those rows fresh from the database (one query for
   * all of them, `reloadTasks`); without a reader, they are dropped. A fresh row is never older than the one
   * it replaces: it is read after the change was committed, and after the page was (a page still being read
   * when the change came may have been read after the fresh rows, but any later change of those rows has a
   * revision of its own, applied after this one). `slots`: tasks whose fresh rows decide whether the page
   * still holds (`slotMoveSettled` over `fx`), and reviewed tasks whose creator was not known
   * (`fx.unknownCreators`: their rows name the creators whose lines moved); read in the same query.
   */
  private reloadShown(changed: RowIds, slots?: { ids: (tag: ListingTag, page: ListedRows) => number[]; fx: ElsewhereEffects; fresh: FreshRows }): void {
    const reload = this.reloadTasks;
    if (!reload) {
      this.rows.invalidate((_tag, page) => shows(page, changed));
      return;
    }
    const fresh = slots?.fresh ?? freshRows(reload);
    const reviewed = slots ? [...slots.fx.unknownCreators] : [];
    /** The page with the fresh rows it needs (`byId`), or ASK_AGAIN when they say it may have changed otherwise. */
    const revisedBy = (tag: ListingTag, page: ListedRows, byId: Map<number, TaskRow>): ListedRows | typeof ASK_AGAIN => {
      const check = slots ? slots.ids(tag, page) : [];
      if (!check.every((id) => slotMoveSettled(slots!.fx.slotMoves.get(id)!, byId.get(id)))) return ASK_AGAIN;
      // Reviews of tasks whose creator was not known here: their fresh rows say whose record line moved.
      const creators = new Set<number>();
      for (const id of reviewed) {
        const row = byId.get(id);
        if (!row) return ASK_AGAIN;
        creators.add(row.creatorId);
      }
      // A changed row, or one of such a creator, that was not read with them (another of their tasks): asked again.
      if (page.rows.some((r) => !byId.has(r.id) && (rowChanged(r, changed) || creators.has(r.creatorId)))) return ASK_AGAIN;
      return { ...page, rows: page.rows.map((r) => byId.get(r.id) ?? r) };
    };
    /** The tasks whose fresh rows this page needs (none: the change leaves it as it is). */
    const wanted = (tag: ListingTag, page: ListedRows) => {
      const shown = shows(page, changed) ? page.rows.filter((r) => rowChanged(r, changed)).map((r) => r.id) : [];
      const ids = [...shown, ...(slots ? slots.ids(tag, page) : [])];
      return ids.length || reviewed.length ? [...ids, ...reviewed] : null;
    };
    // Answers still to come start no read of their own: they are revised with the rows this revision reads
    // (every task another process changed is read for them, in the same query).
    const forAnswersToCome = slots && this.rows.anyRunning ? [...new Set([...slots.fx.shown, ...reviewed])] : [];
    const readForAll = forAnswersToCome.length ? fresh.ask(forAnswersToCome) : null;
    readForAll?.catch(() => undefined);
    this.rows.reviseLater(
      (tag, page) => {
        const ids = wanted(tag, page);
        return ids ? fresh.ask(ids).then((byId) => revisedBy(tag, page, byId)) : null;
      },
      (tag, page) => {
        if (!wanted(tag, page)) return page;
        if (!readForAll) return null;
        return readForAll.then((byId) => revisedBy(tag, page, byId)).then((next) => (next === ASK_AGAIN ? null : next));
      },
    );
    if (!slots) fresh.go();
  }

  /**
   * Totals after changes: `reachedBy(tag)` gives the tasks through which they may have changed that total
   * (none: it stays). A total with a search text keeps its count when none of those tasks matches the text
   * (checked by one query per text, `countSearchMisses`); every other one reached goes. `slots`: tasks whose
   * moved slots count as reaching a total only if their fresh rows say they may have entered or left it.
   * Whether a change reaches a total never depends on the count, so a count still under way is judged like a
   * settled one (ReadCache.dropWhere / keepIf): a searched count (~150 ms at 100k tasks) outlives the changes
   * another process applies every few ms, instead of being asked again after each of them.
   */
  private reviseTotals(reachedBy: (tag: ListingTag) => number[], slots?: { ids: (tag: ListingTag) => number[]; fx: ElsewhereEffects; fresh: FreshRows }): void {
    const misses = this.countSearchMisses;
    const checks = new Map<string, Promise<boolean>>();
    const allOutside = (ids: number[], search: string) => {
      const key = JSON.stringify([search, ids]);
      let outside = checks.get(key);
      if (!outside) checks.set(key, (outside = misses!(ids, search).then((n) => n === ids.length)));
      return outside;
    };
    this.totals.dropWhere((tag) => reachedBy(tag).length > 0 && (!misses || tag.search === null));
    this.totals.keepIf((tag) => {
      const reached = misses && tag.search !== null ? reachedBy(tag) : [];
      const check = slots ? slots.ids(tag) : [];
      if (!reached.length && !check.length) return null;
      const unsettled = check.length
        ? slots!.fresh.ask(check).then((byId) => check.filter((id) => !slotMoveSettled(slots!.fx.slotMoves.get(id)!, byId.get(id))))
        : Promise.resolve([]);
      return unsettled.then((moved) => {
        const ids = [...new Set([...reached, ...moved])];
        if (!ids.length) return true;
        if (!misses || tag.search === null) return false;
        return allOutside(ids, tag.search);
      });
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
