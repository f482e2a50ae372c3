import { DiscoveryService } from '@nestjs/core';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';

/**
 * A read model fed by the event store. `apply` receives, in order, the events after this projection's
 * checkpoint, inside the transaction that also moves the checkpoint, so writes and checkpoint commit
 * together or not at all.
 */
export interface Projection {
  readonly name: string;
  /** Tables this projection owns; a rebuild empties them and replays from position 0. */
  readonly tables: string[];
  apply(events: StoredEvent[], tx: QueryRunner, batch: ProjectionBatch): Promise<void>;
  /**
   * Drop whatever it remembers of its read model between batches: the tables may have changed without this
   * process (another replica applied events, a rebuild emptied them) or a batch rolled back.
   */
  forget?(): void;
}

/** The batch a projection's `apply` runs in. */
export interface ProjectionBatch {
  /**
   * Runs `fn` once the batch has committed and before anyone waiting for these events is told they are
   * visible (never if it rolls back): how a read cache learns exactly which rows changed.
   */
  afterCommit(fn: () => void): void;
  /**
   * Queues a write whose result the projection does not need. Queued writes run in order, in the batch's
   * transaction, sent together with the checkpoint move and the commit in one round trip; a failing write
   * rolls the whole batch back. Placeholders `$1…` are filled in as literals, so the SQL must not contain
   * `$` anywhere else. A projection reading its own tables later in the batch must query them, not queue.
   */
  write(sql: string, params?: unknown[]): void;
}

/** Marks a provider as a projection; the runner discovers every provider so marked, in any module. */
export const ReadModelProjection = DiscoveryService.createDecorator<void>();
