import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EventStore } from '../event-store/event-store';
import { Checkpoint, START, StoredEvent, compareCheckpoints } from '../event-store/stored-event';
import { changesOf } from '../notifications/change-rules';
import { TaskDirectory, TaskParties } from '../notifications/task-directory';
import { ProjectionRunner } from '../projections/projection-runner';
import { LiveMessage } from './live-message';

const BATCH = 1000;

/**
 * Told of each batch of events the follower read (in store order, every one already in the read models) and
 * how far that takes it, before any live message about them is sent; `task` answers who and where each
 * event's task is (loaded for the batch).
 */
export type AppliedEventsListener = (events: StoredEvent[], reached: Checkpoint, task: (taskId: number) => TaskParties | undefined) => void;

/**
 * One per replica: follows the event store with the projections' xmin-safe read (so no event committed
 * late by a slow transaction is ever skipped) and hands each batch's per-user messages to the listener
 * (LiveStreams, which fans them out to the open streams). Replicas share nothing but the database: no
 * pub/sub between them, so a browser may be connected to any replica. An event is told only once the read
 * models include it (this replica's ProjectionRunner has seen it applied, by any replica): a browser that
 * refetches on a message must get the new state, never the one before it.
 */
@Injectable()
export class StoreFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StoreFollower.name);
  private cursor: Checkpoint = START;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private pendingWake = false;
  listener: (messages: LiveMessage[], reached: Checkpoint) => void = () => undefined;
  private readonly appliedListeners = new Set<AppliedEventsListener>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly directory: TaskDirectory,
    private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How far this replica has dispatched. */
  get position(): Checkpoint {
    return this.cursor;
  }

  /** Started (its position is where it reads from) and not stopped. */
  get reading(): boolean {
    return !this.stopped;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Streams opened from now on start here; older events only reach a client replaying its Last-Event-ID.
    this.cursor = (await this.store.lastPosition({ readable: true })) ?? START;
    this.stopped = false;
    this.store.notifications.on('appended', this.poke);
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.store.notifications.off('appended', this.poke);
    this.poke();
    await this.loop;
  }

  private readonly poke = () => {
    this.pendingWake = true;
    this.wake?.();
  };

  /**
   * Also hands every batch to `listener` (the list cache drops what other processes' events changed), before
   * the live messages about it go out: a browser that refetches on a message never gets a page from before.
   * Returns the unsubscribe function.
   */
  onApplied(listener: AppliedEventsListener): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /** Who and where a task is, if this follower has met it (its directory is filled by the events it reads). */
  taskOf(taskId: number): TaskParties | undefined {
    return this.directory.get(taskId);
  }

  /** Reads now rather than at the next poll (the read models moved and someone waits to hear what changed). */
  readSoon(): void {
    this.poke();
  }

  /** The checkpoint of the event at `position`, if there is one (positions are immutable). */
  async checkpointAt(position: bigint): Promise<Checkpoint | null> {
    const rows: Array<{ transaction_id: string }> = await this.dataSource.query(
      `SELECT transaction_id FROM events WHERE global_position = $1`,
      [position.toString()],
    );
    return rows.length ? { transactionId: BigInt(rows[0].transaction_id), position } : null;
  }

  /** Messages for one user after `after` (a reconnect's replay), at most `limit` events read. */
  async messagesFor(userId: number, after: Checkpoint, limit: number): Promise<{ messages: LiveMessage[]; reached: Checkpoint; full: boolean }> {
    const { events, full } = await this.readApplied(after, limit);
    const messages = (await this.messagesOf(events)).filter((m) => m.userId === userId);
    const last = events[events.length - 1];
    return { messages, reached: last ? { transactionId: last.transactionId, position: last.globalPosition } : after, full };
  }

  /** Events after `after` that the read models already include; `full` when more may follow at once. */
  private async readApplied(after: Checkpoint, limit: number): Promise<{ events: StoredEvent[]; full: boolean }> {
    const applied = this.projections.position;
    if (compareCheckpoints(after, applied) >= 0) return { events: [], full: false };
    const read = await this.store.readAll(after, limit);
    const events = read.filter((e) => compareCheckpoints({ transactionId: e.transactionId, position: e.globalPosition }, applied) <= 0);
    return { events, full: read.length === limit && events.length === read.length };
  }

  private async messagesOf(events: StoredEvent[]): Promise<LiveMessage[]> {
    await this.directory.prepare(events);
    const out: LiveMessage[] = [];
    for (const e of events) {
      this.directory.observe(e);
      for (const change of changesOf(e, this.directory.get(e.data?.taskId))) out.push({ checkpoint: { transactionId: e.transactionId, position: e.globalPosition }, userId: change.userId, change });
    }
    return out;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      this.pendingWake = false;
      let n = 0;
      try {
        const { events, full } = await this.readApplied(this.cursor, BATCH);
        n = full ? BATCH : events.length;
        if (n) {
          const messages = await this.messagesOf(events);
          const last = events[n - 1];
          this.cursor = { transactionId: last.transactionId, position: last.globalPosition };
          for (const listener of this.appliedListeners) {
            try {
              listener(events, this.cursor, (taskId) => this.directory.get(taskId));
            } catch (err) {
              this.logger.error(`applied-events listener failed: ${(err as Error).message}`, (err as Error).stack);
            }
          }
          this.listener(messages, this.cursor);
        }
        failures = 0;
      } catch (err) {
        failures++;
        if (failures === 1 || failures % 50 === 0) this.logger.error(`live follower read failed (${failures}x): ${(err as Error).message}`);
      }
      if (n === BATCH || this.stopped || (this.pendingWake && !failures)) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, failures ? Math.min(5_000, this.config.LIVE_POLL_MS * 2 ** failures) : this.config.LIVE_POLL_MS);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
