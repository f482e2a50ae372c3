import { Checkpoint } from '../../event-store/stored-event';

interface Entry<V> {
  value: Promise<V>;
  at: Checkpoint;
  expires: number;
}

/**
 * A small LRU of query answers, valid while the read models have not moved and for at most `ttlMs` (answers
 * that depend on the clock, like "deadline not passed", go stale by themselves). A command returns only after
 * the projections include its events, which moves the position, so a client still reads its own writes. On
 * another replica an entry can outlive a write by that replica's idle projection poll (at most ~0.1 s).
 * Concurrent misses on one key share a single query.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly maxEntries: number, private readonly ttlMs: number) {}

  get(key: string, position: Checkpoint, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.expires > now && hit.at.position === position.position && hit.at.transactionId === position.transactionId) {
      // Re-inserted: a Map keeps insertion order, so its first key is the least recently used.
      this.entries.set(key, hit);
      return hit.value;
    }
    // The position is taken before the query runs: whatever the query sees is at least that fresh.
    const value = load();
    const entry: Entry<V> = { value, at: position, expires: now + this.ttlMs };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    // A failed query is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
