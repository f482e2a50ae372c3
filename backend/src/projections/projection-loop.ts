import { Logger } from '@nestjs/common';
import { Notification, QueryResult } from 'pg';
import { DataSource, QueryRunner } from 'typeorm';
import { EventStore } from '../event-store/event-store';
import { CHECKPOINTS_MOVED_CHANNEL, pgClientOf } from './projection-batch-sql';
import { ProjectionBatches } from './projection-batches';
import { isEventFault } from './projection-error';

/** Live batches stay small (latency); catch-up and rebuild read bigger ones (ProjectionRunner). */
const BATCH = 2000;
// Appends from other processes (replicas, the indexer) are picked up by polling.
export const IDLE_POLL_MS = 100;
/**
 * After a batch found another process's batch holding the projections' lock, this loop waits for that batch's
 * commit notification (CHECKPOINTS_MOVED_CHANNEL); this long at most, should it never come (a rolled-back
 * batch notifies nobody). Polling every few ms instead, three processes ran ~150 batches a second each.
 */
const DEFERRED_POLL_MS = 25;
/** Waiters whose events are committed but not visible yet (an older transaction still runs): poll this often. */
const WAITING_POLL_MS = 5;
/**
 * Appends of this process that nobody in it waits for are gathered this long into one batch. A batch at once
 * for each often found nothing visible yet (the append behind another process's transaction): under bench:api's
 * streams the indexer's process ran ~80 such empty batches a second, each two round trips and a transaction
 * (~6 a second gathered). A waiter cuts the gathering short.
 */
export const GATHER_MS = 20;

/**
 * The live loop: a batch whenever this process appends (or someone waits), every IDLE_POLL_MS otherwise for
 * other processes' appends; a failed batch is retried with backoff, carefully (event by event where it fails)
 * when an event was at fault.
 */
export class ProjectionLoop {
  private readonly logger = new Logger('ProjectionRunner');
  private stopped = true;
  private wake: (() => void) | null = null;
  /** Set while the loop sleeps after a deferred batch: another process's batch committed. */
  private wakeOnMoved: (() => void) | null = null;
  /** Another process's batch moved the checkpoints since this loop's last batch began. */
  private movedElsewhere = false;
  private pendingWake = false;
  /** An append committed in this process since the current batch started reading. */
  private pendingAppend = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly batches: ProjectionBatches,
    /** Someone waits for a position: poll briefly instead of idling. */
    private readonly waiting: () => boolean,
  ) {}

  get running(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.store.notifications.on('appended', this.onAppended);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.store.notifications.off('appended', this.onAppended);
    this.poke();
    await this.loop;
    this.loop = null;
  }

  /** A batch now rather than after the idle interval. */
  poke(): void {
    this.pendingWake = true;
    this.wake?.();
  }

  private readonly onAppended = () => {
    this.pendingAppend = true;
    this.poke();
  };

  /** Listens for other processes' committed batches on `own` (the loop's connection); returns how to stop. */
  private async listen(own: QueryRunner): Promise<() => Promise<void>> {
    const client = await pgClientOf(own);
    let ownPid: number | null = null;
    const onNotification = (msg: Notification) => {
      // This connection's own batches notify it too.
      if (msg.channel !== CHECKPOINTS_MOVED_CHANNEL || msg.processId === ownPid) return;
      this.movedElsewhere = true;
      this.wakeOnMoved?.();
    };
    client.on('notification', onNotification);
    try {
      const [, { rows }] = (await client.query(`LISTEN ${CHECKPOINTS_MOVED_CHANNEL}; SELECT pg_backend_pid() AS pid`)) as unknown as QueryResult[];
      ownPid = rows[0].pid;
    } catch (err) {
      client.off('notification', onNotification);
      throw err;
    }
    return async () => {
      client.off('notification', onNotification);
      // The connection goes back to the pool: it must not keep receiving (nor PostgreSQL keep queueing) these.
      await client.query('UNLISTEN *').catch(() => undefined);
    };
  }

  /**
   * Open the next batch at once: this one was full, or appends of this process committed since it opened and
   * someone waits for them (nobody waiting: the loop gathers them first).
   */
  private chainNext(read: number): boolean {
    if (this.stopped || (read < BATCH && !(this.pendingAppend && this.waiting()))) return false;
    this.pendingAppend = false;
    return true;
  }

  /**
   * The live loop keeps one connection for itself instead of taking one from the shared pool per batch:
   * under a burst of reads every pooled connection can be busy, and a runner queued behind them holds up
   * every command waiting to see its events. A failed batch gives its connection back (it may be broken).
   */
  private async run(): Promise<void> {
    let own: QueryRunner | null = null;
    const notListening = async () => undefined;
    let unlisten: () => Promise<void> = notListening;
    const release = async (qr: QueryRunner | null) => {
      // Once per connection: after its release the client may serve someone else.
      const stop = unlisten;
      unlisten = notListening;
      await stop();
      await qr?.release().catch(() => undefined);
    };
    try {
      await this.runLoop(async () => {
        if (own && !own.isReleased) return own;
        own = this.dataSource.createQueryRunner();
        await own.connect();
        unlisten = await this.listen(own);
        return own;
      }, () => {
        void release(own);
        own = null;
      });
    } finally {
      await release(own);
    }
  }

  /** Waits GATHER_MS for more appends, or until someone waits (or the loop stops). */
  private gather(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.wake = null;
        resolve();
      };
      const t = setTimeout(done, GATHER_MS);
      this.wake = () => {
        if (this.waiting() || this.stopped) done();
      };
    });
  }

  private async runLoop(connection: () => Promise<QueryRunner>, dropConnection: () => void): Promise<void> {
    let failures = 0;
    /** The last batch failed because of some event: apply the next one carefully (see runIsolatingBatch). */
    let careful = false;
    /** Appends of this process that a batch holding the lock may not have read yet. */
    let ownUnapplied = false;
    while (!this.stopped) {
      if (this.pendingAppend && !this.waiting()) await this.gather();
      if (this.stopped) break;
      ownUnapplied = ownUnapplied || this.pendingAppend;
      let deferredNow = false;
      this.pendingWake = false;
      this.pendingAppend = false;
      this.movedElsewhere = false;
      try {
        const { read, deferred } = await this.batches.run(BATCH, {
          held: await connection(), chainNext: careful ? undefined : (n) => this.chainNext(n), careful, lock: 'try',
        });
        failures = 0;
        careful = false;
        // Events committed while the batch ran (the usual case under a stream of commands): read them now,
        // not after the waiters' poll interval, which would add to every command's latency. A batch that found
        // another process applying looks again after the poll interval instead (it would only find it again).
        deferredNow = deferred;
        if (!deferred) ownUnapplied = false;
        if (!deferred && (read === BATCH || this.pendingAppend)) continue;
        if (deferred) this.pendingWake = false;
      } catch (err) {
        // A failed batch rolled back whole (checkpoints included): retry it, backing off while it keeps failing.
        dropConnection();
        failures++;
        // Only the event's fault is isolated; a moment's fault (connection, timeout, lock) is retried as is.
        careful = careful || isEventFault(err);
        if (failures === 1 || failures % 20 === 0) {
          this.logger.error(`projection batch failed (${failures}x): ${(err as Error).message}`, (err as Error).stack);
        }
        // A careful batch follows at once the first time: an event's fault must not hold everyone back.
        const wait = careful && failures === 1 ? 0 : Math.min(5_000, 50 * 2 ** Math.min(failures, 7));
        await new Promise((r) => setTimeout(r, wait));
      }
      if (this.stopped) break;
      if (this.pendingWake && !this.waiting()) continue;
      // Waiters may target a transaction that is committed but still behind an older running one, and this
      // process's appends may have come after the holder's read: look again soon instead of idling. After a
      // deferred batch, soon is when the holder commits (or the fallback interval).
      const soon = this.waiting() || (deferredNow && ownUnapplied);
      if (soon && deferredNow && this.movedElsewhere) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, !soon ? IDLE_POLL_MS : deferredNow ? DEFERRED_POLL_MS : WAITING_POLL_MS);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
        if (soon && deferredNow) this.wakeOnMoved = this.wake;
        if (this.pendingWake && !this.waiting()) this.wake();
      });
      this.wake = null;
      this.wakeOnMoved = null;
    }
  }
}
