import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store';
import { Checkpoint } from '../event-store/stored-event';
import { Projection, ReadModelProjection } from './projection';
import { BatchDone, ProjectionBatches } from './projection-batches';
import { isEventFault } from './projection-error';
import { ProjectionLoop } from './projection-loop';
import { clearRetried } from './projection-quarantine';
import { emptyReadModels, quarantinedCount, quarantinedProjections } from './projection-rebuild';
import { ProjectionWaiters } from './projection-waiters';
import { ReadModelSignals, UnseenChangesListener } from './read-model-signals';

// The listener's types belong to this class's API (onUnseenChanges); they are defined beside the signals.
export type { UnseenChangesListener, UnseenRange } from './read-model-signals';

/** Catch-up and rebuild read big batches (fewer round trips per event); the live loop's are small (ProjectionLoop). */
const CATCH_UP_BATCH = 10_000;

/**
 * Feeds every projection from the event store: discovers the projections, runs the live loop
 * (ProjectionLoop) over their batches (ProjectionBatches), releases whoever waits for a position
 * (ProjectionWaiters) after telling read caches what changed (ReadModelSignals), and rebuilds.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private projections: Projection[] = [];
  private readonly signals = new ReadModelSignals();
  private readonly waiters: ProjectionWaiters;
  private readonly batches: ProjectionBatches;
  private readonly loop: ProjectionLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly discovery: DiscoveryService,
  ) {
    this.waiters = new ProjectionWaiters(() => this.loop.poke());
    this.batches = new ProjectionBatches(dataSource, () => this.projections, () => this.waiters.reached, (b) => this.batchDone(b));
    this.loop = new ProjectionLoop(dataSource, store, this.batches, () => this.waiters.waiting);
  }

  private discover(): void {
    if (this.projections.length) return;
    this.projections = this.discovery
      .getProviders({ metadataKey: ReadModelProjection.KEY })
      .map((w) => w.instance as Projection)
      .sort((a, b) => a.name.localeCompare(b.name));
    const names = new Set(this.projections.map((p) => p.name));
    if (names.size !== this.projections.length) throw new Error('two projections share a name');
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  /**
   * How far the read models are known to have got (moves whenever they change, also when another replica
   * applied the events). Read caches key on it: a value read before the read models moved is stale.
   */
  get position(): Checkpoint {
    return this.waiters.reached;
  }

  /**
   * Projections tell caches what changed through `ProjectionBatch.afterCommit`; this covers the rest: read
   * models moved by another process (a replica, the indexer: the range of events it applied, which a cache can
   * read from the store) or emptied by a rebuild (null). The listener runs before anyone waiting for that
   * position is released. Returns the unsubscribe function.
   */
  onUnseenChanges(listener: UnseenChangesListener): () => void {
    return this.signals.onUnseenChanges(listener);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Before the database connections close (TypeORM closes them at application shutdown). */
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    this.discover();
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Resolves once every projection has applied the event at `target` (read-your-writes for commands).
   * The events are committed already, so after `timeoutMs` it resolves anyway (and says so in the log):
   * a command that succeeded must not answer as failed because a read model lags.
   */
  waitFor(target: Checkpoint | null, timeoutMs = 10_000): Promise<void> {
    return this.waiters.waitFor(target, timeoutMs);
  }

  /** Resolves once the read models show everything this process has appended so far. */
  waitForOwnAppends(timeoutMs?: number): Promise<void> {
    return this.waitFor(this.store.latestAppended, timeoutMs);
  }

  /**
   * Applies every event committed before the call; returns how many events were read (rebuild, tests).
   * Events are only read below the oldest running transaction, so a long transaction anywhere in the
   * cluster can hold them back: this waits until every transaction older than the call has finished.
   */
  async catchUp(): Promise<number> {
    this.discover();
    const [{ horizon }]: Array<{ horizon: string }> = await this.dataSource.query(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon`,
    );
    let total = 0;
    let settled = false;
    for (;;) {
      const { read: n } = await this.batches.run(CATCH_UP_BATCH).catch((err) => {
        // An event a projection cannot apply: the same batch again, event by event where it fails.
        if (!isEventFault(err)) throw err;
        return this.batches.run(CATCH_UP_BATCH, { careful: true });
      });
      total += n;
      if (n === CATCH_UP_BATCH) continue;
      // One more batch after the horizon is clear picks up what committed in between.
      if (settled) return total;
      const [{ clear }]: Array<{ clear: boolean }> = await this.dataSource.query(
        `SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS clear`,
        [horizon],
      );
      settled = clear;
      if (!settled) await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** A batch committed: caches hear what changed first, then whoever waits for its events is released. */
  private batchDone(b: BatchDone): void {
    if (b.unseen !== undefined) this.signals.unseen(b.unseen);
    this.signals.afterCommit(b.hooks);
    this.waiters.advance(b.reached);
  }

  /**
   * Empties the projections' tables (every projection, or those named in `only`) and replays the whole store
   * into them. The events they had set aside are retried: those that apply now leave the quarantine, the
   * others stay (one more attempt). Returns the number of events read.
   */
  async rebuild(only?: string[]): Promise<number> {
    this.discover();
    const chosen = only ? this.projections.filter((p) => only.includes(p.name)) : this.projections;
    const unknown = (only ?? []).filter((n) => !this.names.includes(n));
    if (unknown.length) throw new Error(`no projection named ${unknown.join(', ')}`);
    const wasRunning = this.loop.running;
    await this.stop();
    try {
      await emptyReadModels(this.dataSource, chosen);
      this.waiters.restart();
      this.batches.forgetAll();
      this.signals.unseen(null);
      const n = await this.catchUp();
      await clearRetried(this.dataSource, chosen.map((p) => p.name));
      return n;
    } finally {
      if (wasRunning) this.start();
    }
  }

  /**
   * Retries the events set aside, without a full rebuild: rebuilds only the projections that have some
   * (a projection is the fold of its events in order, so a set-aside event cannot be slotted in later on its
   * own). Returns which projections were rebuilt and how many of their events are still set aside.
   */
  async retryQuarantined(): Promise<{ projections: string[]; stillQuarantined: number }> {
    this.discover();
    const projections = await quarantinedProjections(this.dataSource, this.names);
    if (projections.length) await this.rebuild(projections);
    return { projections, stillQuarantined: await quarantinedCount(this.dataSource, projections) };
  }
}
