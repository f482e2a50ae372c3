/**
 * Folding a task stream in linear time while every evolver stays pure from the outside.
 *
 * A task's state holds its submissions in Maps, and an evolver returns a new state without touching the one
 * it was given. Copying the whole Map for every event made folding a stream quadratic in its submissions
 * (loading a cold task with 100 payouts copied Maps of up to 100 entries ~500 times). Within one fold,
 * though, the states between two events are seen by nobody: only the state before the fold (a snapshot, the
 * aggregate's current state) and the one after it are. So a fold copies each Map once, on its first change,
 * and changes that copy in place for the fold's later events (the "draft" of immer or emmett's evolve over
 * stored events). The state the fold started from is never changed, and once the fold has returned its
 * Maps are no longer drafts: the next fold, or a single evolve outside any fold, copies again.
 *
 * A run of decisions on one aggregate (a block range's logs of one task, decided one by one: Aggregate.decideEach)
 * is one fold in that sense too: the states between two of its decisions are seen only by the next decision. Its
 * folds share one set of drafts (`decisionsWithDrafts`), so a task's Maps are copied once per range, not once per
 * log (a range paying 25 submissions of a task with 99 copied its Maps 25 times).
 *
 * Folds are synchronous, so the draft is plain module state; nested folds keep their own, except inside a run of
 * decisions, whose folds join its drafts.
 */
let drafts: Set<object> | null = null;
/** Whether `drafts` belong to a run of decisions, which the folds inside it join. */
let joinable = false;

/** Runs `fold` (a synchronous fold over events) with its own drafts; what it returns is no draft any more. */
export function foldWithDrafts<S>(fold: () => S): S {
  if (joinable) return fold();
  return withDrafts(false, fold);
}

/**
 * Runs a run of decisions whose folds all share one set of drafts. A decision's fold then changes in place the
 * Maps of the state the decision was given (when an earlier decision of the run created them): states between
 * decisions must not be kept, and a decision that fails half-way is undone by folding again from the run's start.
 */
export function decisionsWithDrafts<R>(run: () => R): R {
  return withDrafts(true, run);
}

function withDrafts<R>(join: boolean, run: () => R): R {
  const [outer, outerJoinable] = [drafts, joinable];
  drafts = new Set();
  joinable = join;
  try {
    return run();
  } finally {
    drafts = outer;
    joinable = outerJoinable;
  }
}

/**
 * A Map the current evolver may change: `map` itself when the running fold created it (a draft nobody
 * outside the fold has seen), otherwise a copy (a draft of the running fold from now on, if one runs).
 */
export function writableMap<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
  if (drafts?.has(map)) return map as Map<K, V>;
  const copy = new Map(map);
  drafts?.add(copy);
  return copy;
}
