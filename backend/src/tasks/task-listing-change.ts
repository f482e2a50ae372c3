import { Row, RowChange } from '../projections/row-projection';
import { LISTED, OPEN_SLOT, predicateOf } from './queries/listing-rule';
import { TaskEvents as T } from './domain/task.events';

/** What a public list can see of a task: null when it is not listed at all (unfunded, draft, refunded…). */
export interface ListedTask {
  category: string;
  reward: number;
  /** A free slot (pending + approved < max); the deadline, the clock's part of "available", is not in it. */
  open: boolean;
}

/** The counters a listed task's row shows that submissions and reviews move (TaskRow's names). */
export interface ListedCounters {
  completions: number;
  totalSubmissions: number;
  pendingSubmissions: number;
}

/**
 * One task a projection batch changed, as the list's cache needs it. `moved` says whether the task may have
 * entered, left or moved within some list (anything but the counters shown in its row changed); if not, only
 * answers that show the task itself are stale. `rekeyed`: the same without `open`, i.e. whether it moved in
 * lists that do not ask for available tasks. `counters`: set when nothing a listed row shows changed but its
 * counters (a submission or a review), with their values before and after: answers showing the task as it was
 * can take the new ones in place instead of being asked again. `submitters`: users who submitted to it in the batch (their own
 * "available" lists lose it).
 */
export interface TaskListingChange {
  id: number;
  before: ListedTask | null;
  after: ListedTask | null;
  moved: boolean;
  rekeyed: boolean;
  counters: { before: ListedCounters; after: ListedCounters } | null;
  submitters: number[];
  /** The task's creator when the batch decided a review of it (their record line moved on all their tasks). */
  creatorLineMoved: number | null;
}

/** Columns of the `tasks` row behind each counter of a listed row. */
const COUNTER_COLUMNS: Record<string, keyof ListedCounters> = {
  completions: 'completions',
  total_submissions: 'totalSubmissions',
  pending_submissions: 'pendingSubmissions',
};
/** Columns no listed row shows (TASK_COLUMNS does not select them): changing them changes no answer. */
const UNSHOWN_COLUMNS = new Set(['updated_at', 'released_amount', 'refunded_amount', 'funded_tx_hash']);

const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));

/** The UTC day of a task row's deadline, in days since 1970-01-01 (task_open_deadline_days.day). */
export const deadlineDay = (row: Row): number => Math.floor(ms(row.deadline) / 86_400_000);

/** The listing rule (queries/listing-rule.ts) as JavaScript: the same definitions the listing's SQL is made from. */
const isListed = predicateOf(LISTED);
const hasOpenSlot = predicateOf(OPEN_SLOT);

export function listed(row: Row | undefined): ListedTask | null {
  if (!row || !isListed(row)) return null;
  return { category: String(row.category), reward: Number(row.reward), open: hasOpenSlot(row) };
}

/** Everything but `open` that decides whether and where a listed task appears (filters and sort keys). */
function placement(row: Row | undefined): string | null {
  const t = listed(row);
  if (!t || !row) return null;
  return JSON.stringify([t.category, t.reward, ms(row.created_at), ms(row.deadline), row.title, row.description]);
}

/**
 * The new counters when they are all a listed task's row changed. Compared by identity: the fold copies the
 * row and replaces only what an event changes, so any other column that is not the very same value counts as
 * changed (at worst an answer is asked again rather than revised).
 */
function countersOnly(before: Row | undefined, after: Row): TaskListingChange['counters'] {
  if (!before || !listed(before) || !listed(after)) return null;
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[k] !== after[k] && !(k in COUNTER_COLUMNS) && !UNSHOWN_COLUMNS.has(k)) return null;
  }
  const counters = (r: Row): ListedCounters =>
    ({ completions: Number(r.completions), totalSubmissions: Number(r.total_submissions), pendingSubmissions: Number(r.pending_submissions) });
  return { before: counters(before), after: counters(after) };
}

/** Rows come back from PostgreSQL typed (Date, number) and out of the fold as event JSON (ISO strings): both work. */
export function toListingChange(c: RowChange, submitters: number[], reviewed = false): TaskListingChange {
  const before = listed(c.before);
  const after = listed(c.after);
  const rekeyed = placement(c.before) !== placement(c.after);
  return { id: c.key, before, after, moved: rekeyed || before?.open !== after?.open, rekeyed, counters: countersOnly(c.before, c.after), submitters,
    creatorLineMoved: reviewed ? Number((c.after ?? c.before)?.creator_id) : null };
}

/**
 * What an event of a task's stream can change in the public lists, read from the event alone (for events
 * another process applied: this one saw no row change). Bounds what `TasksProjection.fold` does to a listed
 * row (task-listing-change.spec.ts folds every event type to hold the two together):
 * - `none`: nothing a listed row shows (payout bookkeeping, released amounts; a new task is not funded yet);
 * - `shown`: only the task's own row (counters of an approval: pending -1, approved +1, so its slots stay;
 *   anomalies): the answers that show it;
 * - `leaves`: the row's counters, and it may leave "available" lists (a submission can take the last slot, and
 *   its submitter's own "available" list drops it) but enters none and moves in none;
 * - `joins`: the row's counters, and it may enter "available" lists (a rejection frees a slot);
 * - `placement`: anything (funded, unpublished, refunded, a funding reverted by a reorganisation…).
 */
export type ListingEffect = 'none' | 'shown' | 'leaves' | 'joins' | 'placement';

export function listingEffectOf(e: { type: string; data: { target?: string } }): ListingEffect {
  switch (e.type) {
    case T.TaskCreated:
    case T.SubmissionAiValidated:
    case T.PayoutRequested:
    case T.PayoutSent:
    case T.PayoutFailed:
    case T.RewardReleased:
    case T.RewardReleaseReverted:
    // A revision keeps its slot; an overturn's SubmissionApproved follows (issue 22).
    case T.SubmissionChangesRequested:
    case T.SubmissionResubmitted:
    case T.SubmissionAppealOverturned:
    // The spam guard's verdict: the flag shows to the reviewers, never in a public list.
    case T.SubmissionSpamChecked:
    case T.SubmissionFlaggedForAdmins:
    // Review deadlines: the creator's warning, and the cut-off (its rejections are events of their own); the
    // row stays as it was. As `placement` they dropped every total of every replica, hundreds a second
    // while a backlog of cut-offs ran.
    case T.SubmissionReviewDueSoon:
    case T.TaskReviewCutOff:
      return 'none';
    case T.SubmissionApproved:
    case T.PayoutAnomalyDetected:
    case T.PayoutAnomalyReverted:
    case T.StrayEscrowRefunded:
    // An anomaly of a funded task keeps it funded; of an unfunded one, it stays unlisted either way.
    case T.TaskFundingAnomalyDetected:
      return 'shown';
    case T.SubmissionSubmitted:
    case T.SubmissionAppealed: // an open appeal holds a slot
      return 'leaves';
    case T.SubmissionRejected:
    case T.SubmissionAppealUpheld:
      return 'joins';
    case T.TaskRefundReverted:
      return e.data?.target === 'anomaly' ? 'shown' : 'placement';
    // A compensation may also set the funding status the aggregate decided (reorganisations: rare).
    default:
      // Any event this list does not name (a new one included) may move the task anywhere.
      return 'placement';
  }
}
