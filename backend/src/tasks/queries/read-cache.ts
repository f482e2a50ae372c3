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
  /**
   * Revisions that came while the answer was still to come, applied to it in order once it comes
   * (`reviseWhenAnswered`); undefined when none waits.
   */
  revisions?: Array<Revision<V, T>>;
}

/** An answer brought up to date (null: stale, asked again); a promise when it waits for a read already under way. */
export type Revision<V, T> = (tag: T, answer: V) => V | null | Promise<V | null>;

export interface Loaded<V> {
  value: V;
  /** Epoch ms after which the answer may be wrong by the clock alone (a deadline passing); none: only the TTL. */
  validUntil?: number;
}

/**
 * A small LRU of query answers that stays valid until the data under it changes: whoever knows what changed
 * calls `invalidate` with a test over each entry's tag (what the query asked) and answer, or `clear`. Both run
 * before a command's caller is told its write is visible, so a client still reads its own writes. An entry
 * also goes after `ttlMs` or its own `validUntil`. Concurrent misses on one key share a single query; a
 * revision that comes while an entry's query is still running is applied to its answer when it comes (the
 * readers that came before the revision get the answer as it is, those after get the revised one, or the
 * query asked again), so a query slower than the writes still serves the readers it can.
 */
export class ReadCache<V, T> {
  private readonly entries = new Map<string, Entry<V, T>>();

  constructor(private readonly maxEntries: number, private readonly ttlMs: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** Whether an entry's answer is still to come (its query, or a read that revises it, under way). */
  get anyRunning(): boolean {
    for (const entry of this.entries.values()) if (entry.settled === undefined) return true;
    return false;
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
    const loading = load();
    const value = loading.then((l) => l.value);
    const entry: Entry<V, T> = { value, settled: undefined, tag, expires: now + this.ttlMs, load };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    loading.then(
      (l) => {
        // (Not when a check (`keepIf`) came meanwhile: the entry's answer is the one after it.)
        if (entry.value === value) entry.settled = l.value;
        if (l.validUntil !== undefined) entry.expires = Math.min(entry.expires, l.validUntil);
      },
      // A failed query is not remembered.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  /** Drops every entry for which `stale(tag, answer)` holds (an answer still to come: as `revise` says). */
  invalidate(stale: (tag: T, answer: V) => boolean, doomed?: (tag: T) => boolean): void {
    this.revise((tag, answer) => (stale(tag, answer) ? null : answer), doomed);
  }

  /**
   * Brings answers up to date after a write: `revised(tag, answer)` returns the answer to keep (the same
   * object, or a new one that is what the query would now answer) or null to drop it. An entry whose answer
   * is still to come takes the revision when it comes (`reviseWhenAnswered`), unless `doomed(tag)` says
   * from the tag alone that it will be stale: it is dropped at once, so the readers after the write ask
   * anew at once instead of after it. Keeps each entry's expiry. `revised` must hold for an answer read
   * before the write as for one read after it.
   */
  revise(revised: (tag: T, answer: V) => V | null, doomed?: (tag: T) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (entry.settled === undefined) {
        if (doomed?.(entry.tag)) this.entries.delete(key);
        else this.reviseWhenAnswered(key, entry, revised);
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
   * Until it comes the entry counts as running: readers wait for it, and a change meanwhile is applied to it
   * once it comes (`reviseWhenAnswered`). One that fails is dropped (its readers get the error); one that resolves to
   * ASK_AGAIN is dropped too, and its readers get what its query answers now. An entry whose answer is still
   * to come starts no read of its own: `whenAnswered(tag, answer)` revises its answer when it comes, from
   * reads the caller started once for all such entries, so revisions never queue behind reads.
   */
  reviseLater(pending: (tag: T, answer: V) => Promise<V | typeof ASK_AGAIN> | null, whenAnswered: Revision<V, T>): void {
    for (const [key, entry] of this.entries) {
      if (entry.settled === undefined) {
        this.reviseWhenAnswered(key, entry, whenAnswered);
        continue;
      }
      const next = pending(entry.tag, entry.settled);
      if (next) this.takeLater(key, entry, next);
    }
  }

  /**
   * Drops every entry whose tag says a change may have made it stale, running or not, and keeps every other
   * one, running or not. Only for revisions that never depend on the answer (a total: whether a change reaches
   * it depends on what it counts, not on the count), so a query under way that the change cannot touch goes on
   * answering its readers at once (no revision to wait for); dropping it too would make the next reader ask
   * anew, and a count slower than the changes come would never settle.
   */
  dropWhere(stale: (tag: T) => boolean): void {
    for (const [key, entry] of this.entries) if (stale(entry.tag)) this.entries.delete(key);
  }

  /**
   * Keeps the entries for which the read `check(tag)` starts now resolves true, running or not, and asks the
   * others again (null: the change does not touch it). Until the check answers, an entry's readers wait for
   * it. Every check starts at once, so checks of changes coming one after another overlap: an entry waits for
   * the slowest, never for their sum. Like `dropWhere`, only for revisions that never depend on the answer.
   */
  keepIf(check: (tag: T) => Promise<boolean> | null): void {
    for (const [key, entry] of this.entries) {
      const keep = check(entry.tag);
      if (!keep) continue;
      // A failed check nobody waited for is not an unhandled rejection (the entry's readers get the error).
      keep.catch(() => undefined);
      this.takeLater(key, entry, Promise.all([entry.value, keep]).then(([answer, kept]) => (kept ? answer : ASK_AGAIN)));
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * A revision of an entry whose answer is still to come, applied to it once it comes (null: its query is asked
   * again for the readers after the revision). Revisions coming meanwhile join the same list, in order: one
   * wait per entry, however many writes come.
   */
  private reviseWhenAnswered(key: string, entry: Entry<V, T>, revised: Revision<V, T>): void {
    if (entry.revisions) {
      entry.revisions.push(revised);
      return;
    }
    const revisions = (entry.revisions = [revised]);
    this.takeLater(key, entry, entry.value.then(async (answer) => {
      // Revisions coming from here on start a wait of their own, after this one.
      if (entry.revisions === revisions) entry.revisions = undefined;
      let next: V | null = answer;
      for (const r of revisions) if (next !== null) next = await r(entry.tag, next);
      return next ?? ASK_AGAIN;
    }));
  }

  /**
   * The entry's answer is `next` once it comes; until then it counts as running and its readers wait for it.
   * ASK_AGAIN: its query is asked again for them. A failure drops it (its readers get the error).
   */
  private takeLater(key: string, entry: Entry<V, T>, next: Promise<V | typeof ASK_AGAIN>): void {
    entry.settled = undefined;
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    const value: Promise<V> = next.then(
      (v) => {
        if (v === ASK_AGAIN) {
          drop();
          return this.get(key, entry.tag, entry.load);
        }
        if (entry.value === value) entry.settled = v;
        return v;
      },
      (err: unknown) => {
        drop();
        throw err;
      },
    );
    // A failure nobody waited for is not an unhandled rejection.
    value.catch(() => undefined);
    entry.value = value;
  }
}
