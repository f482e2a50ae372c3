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
 * Folds are synchronous, so the draft is plain module state; nested folds keep their own.
 */
let drafts: Set<object> | null = null;

/** Runs `fold` (a synchronous fold over events) with its own drafts; what it returns is no draft any more. */
export function foldWithDrafts<S>(fold: () => S): S {
  const outer = drafts;
  drafts = new Set();
  try {
    return fold();
  } finally {
    drafts = outer;
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
