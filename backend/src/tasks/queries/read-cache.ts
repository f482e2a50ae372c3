/** What a revision (`reviseLater`) resolves to when the answer is stale after all: it is asked again. */
export const ASK_AGAIN = Symbol('ask again');

interface Entry<V, T> {
  value: Promise<V>;
  /** The answer once the query has come back (undefined while it runs). */
  settled: V | undefined;
  tag: T;
  expires: number;
  /** Its query, asked again for the readers of a revision that found the answer stale (`reviseLater`). */
  load: () => Promise<Loaded<V>>;
}

export interface Loaded<V> {
  value: V;
  /** Epoch ms after which the answer may be wrong by the clock alone (a deadline passing); none: only the TTL. */
  validUntil?: number;
}

/** One step of an entry's revision: the answer to keep (the same or a new one), or ASK_AGAIN. */
type Step<V> = (answer: V) => V | typeof ASK_AGAIN | Promise<V | typeof ASK_AGAIN>;

/**
 * A small LRU of query answers that stays valid until the data under it changes: whoever knows what changed
 * calls `invalidate` with a test over each entry's tag (what the query asked) and answer, or `clear`. Both run
 * before a command's caller is told its write is visible, so a client still reads its own writes. An entry
 * also goes after `ttlMs` or its own `validUntil`. Concurrent misses on one key share a single query.
 *
 * An entry whose query is still running when a change comes keeps running: the change's revision is applied
 * to its answer once it comes (whether or not the query saw the change, every revision here gives the same
 * answer either way: see ListingCache), and a revision that finds it stale asks again for every reader.
 * Dropping it instead (as this cache once did) started a second query for the next reader, and a third after
 * the next change: a 100 ms count under a change every 25 ms never settled, and each reader counted anew.
 */
export class ReadCache<V, T> {
  private readonly entries = new Map<string, Entry<V, T>>();

  constructor(private readonly maxEntries: number, private readonly ttlMs: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, tag: T, load: () => Promise<Loaded<V>>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.expires > now) {
      // Re-inserted: a Map keeps insertion order, so its first key is the least recently used.
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry<V, T> = { value: Promise.resolve(undefined as V), settled: undefined, tag, expires: now + this.ttlMs, load };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.follow(key, entry, load().then((l) => {
      if (l.validUntil !== undefined) entry.expires = Math.min(entry.expires, l.validUntil);
      return l.value;
    }));
    return entry.value;
  }

  /** Drops every entry for which `stale(tag, answer)` holds (a running one once its answer comes: it is asked again). */
  invalidate(stale: (tag: T, answer: V) => boolean): void {
    this.revise((tag, answer) => (stale(tag, answer) ? null : answer));
  }

  /**
   * Brings answers up to date after a write: `revised(tag, answer)` returns the answer to keep (the same
   * object, or a new one that is what the query would now answer) or null to drop it. An entry still running
   * takes the revision when its answer comes (null: asked again). Keeps each entry's expiry.
   */
  revise(revised: (tag: T, answer: V) => V | null): void {
    for (const [key, entry] of this.entries) {
      if (entry.settled === undefined) {
        this.chain(key, entry, (answer) => revised(entry.tag, answer) ?? ASK_AGAIN);
        continue;
      }
      const next = revised(entry.tag, entry.settled);
      if (next === null) this.entries.delete(key);
      else if (next !== entry.settled) {
        entry.settled = next;
        entry.value = Promise.resolve(next);
      }
    }
  }

  /**
   * Brings answers up to date from a query that only they need (fresher rows of what a page shows, rather
   * than the page asked again): an entry for which `pending(tag, answer)` gives a promise takes its answer.
   * Until it comes the entry counts as running: readers wait for it, and later changes are applied after it.
   * One that fails is dropped (its readers get the error); one that resolves to ASK_AGAIN is asked again for
   * its readers. An entry still running is looked at once its answer comes.
   */
  reviseLater(pending: (tag: T, answer: V) => Promise<V | typeof ASK_AGAIN> | null): void {
    for (const [key, entry] of this.entries) {
      if (entry.settled === undefined) {
        this.chain(key, entry, (answer) => pending(entry.tag, answer) ?? answer);
        continue;
      }
      const next = pending(entry.tag, entry.settled);
      if (next) this.chain(key, entry, () => next);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /** Makes the entry's answer `step` of the one it has (or will have): readers from now on wait for that. */
  private chain(key: string, entry: Entry<V, T>, step: Step<V>): void {
    const value = entry.value.then(step).then((next) => {
      if (next !== ASK_AGAIN) return next;
      this.drop(key, entry);
      return this.get(key, entry.tag, entry.load);
    });
    this.follow(key, entry, value);
  }

  /** `value` becomes the entry's answer: remembered once it comes unless a later step replaced it; dropped if it fails. */
  private follow(key: string, entry: Entry<V, T>, value: Promise<V>): void {
    entry.settled = undefined;
    entry.value = value;
    value.then(
      (v) => {
        if (entry.value === value) entry.settled = v;
      },
      // A failed query is not remembered (its readers get the error; nobody waiting is no unhandled rejection).
      () => this.drop(key, entry),
    );
  }

  private drop(key: string, entry: Entry<V, T>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}
