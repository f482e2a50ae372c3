import { DiscoveryService } from '@nestjs/core';

/** One decision that has fallen due: what the source needs to apply it. */
export interface DueDecision {
  /** Unique per source while due (e.g. a submission id): failures back off per key. */
  readonly key: string;
  readonly dueAt: Date;
  readonly [field: string]: unknown;
}

/**
 * A kind of decision that falls due at a time (an auto-approval, a warning, a cut-off; later the 48-hour
 * resubmission and 72-hour appeal windows). The scheduler polls `due` and calls `decide` for each item, on
 * one process at a time (scheduler/due-decision-scheduler.ts). The contract that makes it exactly once:
 * - `due` reads a read model (a projection of the events), so it survives restarts and a rebuild;
 * - `decide` is a command on an aggregate that refuses (as a no-op) a decision already taken, so an item
 *   decided twice (two leaders for a moment, a retry after a crash, a read model that lags) changes nothing;
 * - `decide` never holds a database transaction across network I/O (the command's append is its own).
 * An item whose decide throws is retried with backoff; it never stops the others.
 */
export interface DueDecisionSource {
  /** Stable name, for logs and the backoff table (e.g. 'review.auto_approval'). */
  readonly kind: string;
  /** At most `limit` items due at `now` (the chain clock), oldest first. */
  due(now: Date, limit: number): Promise<DueDecision[]>;
  decide(item: DueDecision, now: Date): Promise<void>;
}

/** Marks a provider as a DueDecisionSource; the scheduler discovers every provider so marked, in any module. */
export const DueDecisions = DiscoveryService.createDecorator<void>();
