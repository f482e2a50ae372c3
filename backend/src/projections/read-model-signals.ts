import { Logger } from '@nestjs/common';
import { Checkpoint, StoredEvent } from '../event-store/stored-event';

/**
 * Events another process (a replica, the indexer) applied to the read models: those after `after` up to and
 * including `through`, in store order. This process saw no row they changed.
 */
export interface UnseenRange {
  after: Checkpoint;
  through: Checkpoint;
  /**
   * Every event of the range, in store order, when the batch that found it read them in the same round trip
   * (see UNSEEN_EVENTS_MAX); absent: a cache has to read them from the store (the replica's store follower).
   */
  events?: StoredEvent[];
}

/**
 * Told when the read models moved without this process seeing which rows changed (see `onUnseenChanges`):
 * the range another process applied, or null when the read models were emptied and replayed (a rebuild).
 */
export type UnseenChangesListener = (moved: UnseenRange | null) => void;

/**
 * What read caches hear from the projection runner once a batch has committed, before anyone waiting for its
 * events is released: the projections' own after-commit hooks (exactly which rows changed), and changes this
 * process did not see (`unseen`).
 */
export class ReadModelSignals {
  private readonly logger = new Logger('ProjectionRunner');
  private readonly unseenListeners = new Set<UnseenChangesListener>();

  /** Returns the unsubscribe function. */
  onUnseenChanges(listener: UnseenChangesListener): () => void {
    this.unseenListeners.add(listener);
    return () => this.unseenListeners.delete(listener);
  }

  unseen(moved: UnseenRange | null): void {
    for (const listener of this.unseenListeners) listener(moved);
  }

  /** Runs a committed batch's hooks; one that throws is logged and does not stop the others. */
  afterCommit(hooks: Array<() => void>): void {
    for (const fn of hooks) {
      try {
        fn();
      } catch (err) {
        this.logger.error(`after-commit hook failed: ${(err as Error).message}`, (err as Error).stack);
      }
    }
  }
}
