import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store';
import { Dependency, DependencyStatus } from '../health/dependency-status';
import { AppMetrics } from './app-metrics';
import { ChainHeadWatcher } from './chain-head.watcher';
import { INDEXER_CHECKPOINTS_JSON_SQL, indexerTablesMissing } from '../chain/indexer-checkpoint';
import { FAILED_PAYOUTS_COUNT_SQL, PAYOUT_QUEUE_STATS_JSON_SQL, PayoutQueueStats } from '../payouts/payout-queue';

/** Longest a scrape waits for the database before it answers without the database's figures. */
const SNAPSHOT_TIMEOUT_MS = 2_000;

interface Snapshot {
  head: number;
  projections: Array<{ name: string; position: number }>;
  indexers: Array<{ source: string; block: string }>;
  payouts: PayoutQueueStats;
  failedPayouts: number;
  quarantine: Array<{ projection: string; n: number }>;
}

/**
 * One read of everything the operational gauges show but the store's head (EventStore.lastPosition, asked
 * at the same time), in one statement.
 * Payout queue: the figures of PayoutQueue (backend/src/payouts/payout-queue.ts), the queue the payout worker
 * works from, and the payouts that failed (FAILED_PAYOUTS there).
 */
const snapshotSql = (indexers: string) => `
  SELECT
    (SELECT coalesce(json_agg(json_build_object('name', name, 'position', last_position)), '[]') FROM projection_checkpoints) AS projections,
    ${indexers} AS indexers,
    ${PAYOUT_QUEUE_STATS_JSON_SQL} AS payouts,
    ${FAILED_PAYOUTS_COUNT_SQL} AS "failedPayouts",
    (SELECT coalesce(json_agg(json_build_object('projection', projection, 'n', n)), '[]')
       FROM (SELECT projection, count(*)::int AS n FROM projection_quarantine GROUP BY projection) q) AS quarantine`;
const SNAPSHOT_SQL = snapshotSql(INDEXER_CHECKPOINTS_JSON_SQL);
/** Before the indexer first ran on this database (its tables do not exist yet): no checkpoint to show. */
const SNAPSHOT_BEFORE_INDEXER_SQL = snapshotSql(`'[]'::json`);

/**
 * Gauges read at scrape time from PostgreSQL and the kept chain head: projection lag, indexer lag in blocks,
 * payout queue depth and age, failed payouts, quarantined events. A scrape never hangs on the database (SNAPSHOT_TIMEOUT_MS)
 * nor on the chain (ChainHeadWatcher); what it could not read is left out and `cent_metrics_database_up` says so.
 */
@Injectable()
export class OperationalGauges {
  private pending: Promise<Snapshot | null> | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly store: EventStore,
    private readonly chain: ChainHeadWatcher,
    dependencies: DependencyStatus,
    metrics: AppMetrics,
  ) {
    const registers = [metrics.registry];
    const DEPENDENCIES: Dependency[] = ['database', 'chain', 'storage'];
    new Gauge({
      name: 'cent_dependency_up', help: '0 while this process last found the dependency unavailable (DependencyStatus), else 1', labelNames: ['dependency'], registers,
      collect() {
        for (const d of DEPENDENCIES) this.set({ dependency: d }, dependencies.downSince(d) ? 0 : 1);
      },
    });
    const outages = new Counter({
      name: 'cent_dependency_outages_total', help: 'Times this process found the dependency become unavailable', labelNames: ['dependency'], registers,
    });
    for (const d of DEPENDENCIES) outages.inc({ dependency: d }, 0);
    dependencies.changes.on('down', (d: Dependency) => outages.inc({ dependency: d }));
    const snapshot = () => this.snapshot();
    const chainHead = () => this.chain.head;
    const chainId = String(this.chain.chainId);
    new Gauge({
      name: 'cent_metrics_database_up', help: '1 when this scrape could read the database, else 0', registers,
      async collect() {
        this.set((await snapshot()) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'cent_event_store_head_position', help: 'Global position of the newest event in the event store', registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) this.set(s.head);
      },
    });
    new Gauge({
      name: 'cent_projection_lag_events', help: 'Event store head position minus the projection checkpoint', labelNames: ['projection'], registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        for (const p of s?.projections ?? []) this.set({ projection: p.name }, Math.max(0, s!.head - Number(p.position)));
      },
    });
    new Gauge({
      name: 'cent_projection_quarantined_events', help: 'Events set aside by a projection (projection_quarantine)', labelNames: ['projection'], registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        for (const q of s?.quarantine ?? []) this.set({ projection: q.projection }, q.n);
      },
    });
    new Gauge({
      name: 'cent_chain_head_block', help: 'Newest block number last read from the chain (kept; see cent_chain_head_age_seconds)',
      // Labelled so that no sample at all (not a 0) is shown before the first successful read.
      labelNames: ['chain_id'], registers,
      collect() {
        this.reset();
        const head = chainHead();
        if (head) this.set({ chain_id: chainId }, Number(head.block));
      },
    });
    new Gauge({
      name: 'cent_chain_head_age_seconds', help: 'Seconds since the chain head was last read successfully (+Inf: never since start)', registers,
      collect() {
        const head = chainHead();
        this.set(head ? (Date.now() - head.at) / 1000 : Infinity);
      },
    });
    new Gauge({
      name: 'cent_indexer_checkpoint_block', help: 'Last block the indexer applied, per log source', labelNames: ['source'], registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        for (const i of s?.indexers ?? []) this.set({ source: i.source }, Number(i.block));
      },
    });
    new Gauge({
      name: 'cent_indexer_lag_blocks', help: 'Chain head (kept value) minus the indexer checkpoint, per log source', labelNames: ['source'], registers,
      async collect() {
        const s = await snapshot();
        const head = chainHead();
        this.reset();
        if (head) for (const i of s?.indexers ?? []) this.set({ source: i.source }, head.block - Number(i.block));
      },
    });
    new Gauge({
      name: 'cent_payout_queue_depth', help: 'Approved submissions not yet paid, by payout status', labelNames: ['payout_status'], registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) {
          this.set({ payout_status: 'requested' }, s.payouts.requested);
          this.set({ payout_status: 'sent' }, s.payouts.sent);
        }
      },
    });
    new Gauge({
      name: 'cent_payouts_failed',
      help: 'Approved submissions whose payout failed (out of the payout queue; earner, creator and admins told, with what to do)',
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) this.set(Number(s.failedPayouts));
      },
    });
    new Gauge({
      name: 'cent_payout_queue_oldest_age_seconds', help: 'Age of the oldest approved, unpaid submission (0 when none)', registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) this.set(s.payouts.oldestAgeSeconds === null ? 0 : Number(s.payouts.oldestAgeSeconds));
      },
    });
  }

  /** One database read per scrape, shared by every gauge of it; null when the database did not answer in time. */
  snapshot(): Promise<Snapshot | null> {
    this.pending ??= this.read().finally(() => setImmediate(() => (this.pending = null)));
    return this.pending;
  }

  private async read(): Promise<Snapshot | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SNAPSHOT_TIMEOUT_MS)));
    try {
      // Positions fit a double for 2^53 events.
      const rows = this.db
        .query(SNAPSHOT_SQL)
        .catch((err) => (indexerTablesMissing(err) ? this.db.query(SNAPSHOT_BEFORE_INDEXER_SQL) : Promise.reject(err)));
      const query = Promise.all([rows, this.store.lastPosition()])
        .then(([[row], head]: [Array<Omit<Snapshot, 'head'>>, Awaited<ReturnType<EventStore['lastPosition']>>]) => ({ ...row, head: Number(head?.position ?? 0n) }))
        .catch(() => null);
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
