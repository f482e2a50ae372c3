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
}

/** The batch a projection's `apply` runs in. */
export interface ProjectionBatch {
  /**
   * Runs `fn` once the batch has committed and before anyone waiting for these events is told they are
   * visible (never if it rolls back): how a read cache learns exactly which rows changed.
   */
  afterCommit(fn: () => void): void;
}

/** Marks a provider as a projection; the runner discovers every provider so marked, in any module. */
export const ReadModelProjection = DiscoveryService.createDecorator<void>();
