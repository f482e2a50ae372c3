import { Checkpoint, START, StoredEvent, compareCheckpoints } from '../event-store/stored-event';

/** The lowest of a batch's checkpoints (START when there are none): where every projection has got to. */
export function lowest(checkpoints: Checkpoint[]): Checkpoint {
  return checkpoints.reduce((m, c) => (compareCheckpoints(c, m) < 0 ? c : m), checkpoints[0] ?? START);
}

export function highest(checkpoints: Checkpoint[]): Checkpoint {
  return checkpoints.reduce((m, c) => (compareCheckpoints(c, m) > 0 ? c : m), START);
}

export function checkpointOf(e: StoredEvent): Checkpoint {
  return { transactionId: e.transactionId, position: e.globalPosition };
}

/** The events a projection at `own` has not applied yet. */
export function eventsAfter(events: StoredEvent[], own: Checkpoint): StoredEvent[] {
  return events.filter((e) => compareCheckpoints(checkpointOf(e), own) > 0);
}

/**
 * Hands each projection, in order, the batch's events past its own checkpoint (`checkpoints[i]` is the i-th
 * projection's); one that has them all already is not called. Returns the batch's last checkpoint.
 */
export async function applyPastOwnCheckpoints<P>(
  projections: P[], events: StoredEvent[], checkpoints: Checkpoint[], apply: (projection: P, fresh: StoredEvent[]) => Promise<void>,
): Promise<Checkpoint> {
  for (let i = 0; i < projections.length; i++) {
    const fresh = eventsAfter(events, checkpoints[i]);
    if (fresh.length) await apply(projections[i], fresh);
  }
  return checkpointOf(events[events.length - 1]);
}
