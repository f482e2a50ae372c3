/** An aggregate's state as folded up to `version` of its stream. */
export interface Snapshot {
  version: number;
  state: unknown;
}

/**
 * In-process aggregate snapshots: the state each recently used stream folded to, so loading it again reads
 * only the events appended since (usually none: one indexed lookup) instead of replaying the whole stream —
 * a task with 100 submissions (300+ events) loads like a fresh one. It is a cache, never the truth: events
 * appended by another process are simply read and folded on top, the append still compares and sets the
 * stream version, and a restart starts empty. States are shared, not copied: aggregates fold with a pure
 * `evolve` (a new state per event, the old one untouched), so a decision that raises events and then loses
 * a race leaves the snapshot as it was. Kept in memory, not in a table: a snapshot never outlives the code
 * that folded it.
 */
export class AggregateSnapshots {
  private readonly entries = new Map<string, Snapshot>();

  constructor(private readonly maxEntries: number) {}

  get(streamId: string): Snapshot | undefined {
    const hit = this.entries.get(streamId);
    if (!hit) return undefined;
    // Re-inserted: a Map keeps insertion order, so its first key is the least recently used.
    this.entries.delete(streamId);
    this.entries.set(streamId, hit);
    return hit;
  }

  put(streamId: string, version: number, state: unknown): void {
    const known = this.entries.get(streamId);
    if (known && known.version >= version) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, { version, state });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
