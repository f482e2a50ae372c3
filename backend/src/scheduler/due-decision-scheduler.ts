import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ChainClock } from '../clock/chain-clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EventStore } from '../event-store/event-store';
import { READ_MODELS, ReadModels } from '../event-store/read-models';
import { DueDecision, DueDecisionSource, DueDecisions } from './due-decision';
import { SchedulerLeadership } from './scheduler-leadership';

/** Items read per source and tick: a backlog (after an outage) is worked off over a few ticks. */
const BATCH = 200;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Applies decisions that fall due (DESIGN.md "Time"), generic over their kind: every provider marked
 * `@DueDecisions()` is a source (review deadlines today; resubmission and appeal windows can plug in the
 * same way). One scheduler runs per process (backend replicas and indexers alike) but only the holder of
 * the PostgreSQL advisory lock decides, every `SCHEDULER_POLL_MS`, on the chain clock. Exactly once comes
 * from the sources' contract (a read model of what is due; a command the aggregate refuses twice), the lock
 * only keeps the work on one process. Nothing is remembered but the backoff of failing items, so a restart
 * (or a new leader) simply picks up whatever the read model says is still due.
 */
@Injectable()
export class DueDecisionScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DueDecisionScheduler');
  private sources: DueDecisionSource[] = [];
  private leadership: SchedulerLeadership | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly backoff = new Map<string, { attempts: number; nextAt: number }>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly dataSource: DataSource,
    private readonly clock: ChainClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  onApplicationBootstrap(): void {
    this.sources = this.discovery
      .getProviders({ metadataKey: DueDecisions.KEY })
      .map((w) => w.instance as DueDecisionSource)
      .filter(Boolean);
    if (this.config.SCHEDULER_POLL_MS <= 0) return;
    const url = (this.dataSource.options as { url?: string }).url;
    if (!url) return;
    this.leadership = new SchedulerLeadership(url, 'cent-due-decisions', this.config.DB_CONNECT_TIMEOUT_MS);
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.leadership?.release();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tickAsLeader().finally(() => this.schedule());
    }, this.config.SCHEDULER_POLL_MS);
    this.timer.unref();
  }

  /** One poll: decide what is due if this process holds the lock. Returns how many decisions were applied. */
  async tickAsLeader(): Promise<number> {
    if (!this.leadership || !(await this.leadership.holds())) return 0;
    return this.runDue();
  }

  /**
   * Decides everything due now, source by source (one tick at a time per process). Public for tests: two
   * processes calling it at once is exactly the race the aggregates make harmless.
   */
  runDue(): Promise<number> {
    this.running ??= this.decideAll().finally(() => (this.running = null));
    return this.running;
  }

  private async decideAll(): Promise<number> {
    let applied = 0;
    for (const source of this.sources) {
      const now = this.clock.now();
      let items: DueDecision[];
      try {
        items = await source.due(now, BATCH);
      } catch (err) {
        this.logger.warn(`${source.kind}: could not read what is due: ${(err as Error).message}`);
        continue;
      }
      for (const item of items) {
        if (this.stopped) return applied;
        const id = `${source.kind}:${item.key}`;
        const wait = this.backoff.get(id);
        if (wait && wait.nextAt > Date.now()) continue;
        try {
          await source.decide(item, this.clock.now());
          this.backoff.delete(id);
          applied += 1;
        } catch (err) {
          // One bad item never stops the others: it waits (1 s, 2 s, 4 s … 5 min) and is tried again.
          const attempts = (wait?.attempts ?? 0) + 1;
          this.backoff.set(id, { attempts, nextAt: Date.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempts - 1)) });
          this.logger.warn(`${id} (due ${item.dueAt.toISOString()}) failed, attempt ${attempts}: ${(err as Error).message}`);
        }
      }
      // The decisions' commands do not wait for the read models one by one (a backlog of 200 was 200 projection
      // batches in a row); the source's next query, the next source's and whoever reads after the tick see them all.
      await this.readModels.waitFor(this.store.latestAppended);
    }
    return applied;
  }
}
