import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { positionOf } from '../common/record-id';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Checkpoint, START } from '../event-store/stored-event';
import { LiveMessage, frameOf } from './live-message';
import { SseConnection } from './sse-connection';
import { StoreFollower } from './store-follower';

/** A reconnect replays at most this many store events; further behind, it is told to refetch everything. */
const MAX_REPLAY_EVENTS = 50_000;
const REPLAY_BATCH = 5_000;

/**
 * The open event streams of this replica, by user. The replica's one StoreFollower feeds them all (one
 * store read per poll, whatever the number of streams); one timer sends every stream's heartbeat and
 * closes streams whose session has ended (signed out elsewhere, expired).
 */
@Injectable()
export class LiveStreams implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly byUser = new Map<number, Set<SseConnection>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly follower: StoreFollower,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    follower.listener = (messages) => this.fanOut(messages);
  }

  get count(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  onApplicationBootstrap(): void {
    this.heartbeat = setInterval(() => void this.beat(), this.config.LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of [...this.byUser.values()]) for (const c of [...set]) c.close();
  }

  /**
   * Serves one stream: from now, or after `lastEventId` (the browser's Last-Event-ID on a reconnect), in
   * which case what the user missed is replayed first. Live messages arriving during the replay are held
   * and sent after it (only those the replay did not cover), so nothing is lost or sent out of order.
   */
  async open(userId: number, sessionId: string, res: Response, lastEventId: string | undefined): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no'); // nginx and friends must not buffer the stream
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    const conn = new SseConnection(userId, sessionId, res, this.config.LIVE_MAX_BUFFER_BYTES, () => this.forget(conn));
    const set = this.byUser.get(userId) ?? new Set<SseConnection>();
    set.add(conn);
    this.byUser.set(userId, set);
    conn.write(`retry: 2000\n\n`);

    const from = await this.resumePoint(lastEventId);
    if (!from) {
      const now = this.follower.position;
      conn.write(`id: ${now.position}\nevent: ready\ndata: {}\n\n`);
      conn.goLive(now);
      return;
    }
    let cursor = from;
    for (let read = 0; conn.isOpen; ) {
      const page = await this.follower.messagesFor(userId, cursor, REPLAY_BATCH);
      for (const m of page.messages) conn.write(frameOf(m));
      cursor = page.reached;
      read += REPLAY_BATCH;
      if (!page.full) break;
      if (read >= MAX_REPLAY_EVENTS) {
        // Too far behind to replay: the browser refetches what it shows and continues from here.
        cursor = this.follower.position;
        conn.write(`id: ${cursor.position}\nevent: reset\ndata: {}\n\n`);
        conn.goLive(cursor);
        return;
      }
    }
    conn.write(`id: ${cursor.position}\nevent: ready\ndata: {}\n\n`);
    conn.goLive(cursor);
  }

  /** Where a reconnect resumes: after the event with that position; "0" = from the start; unknown = now. */
  private async resumePoint(lastEventId: string | undefined): Promise<Checkpoint | null> {
    const position = lastEventId === undefined ? null : positionOf(lastEventId);
    if (position === null) return null;
    if (position === 0n) return START;
    return this.follower.checkpointAt(position);
  }

  private fanOut(messages: LiveMessage[]): void {
    for (const m of messages) {
      const set = this.byUser.get(m.userId);
      if (set) for (const c of set) c.deliver(m);
    }
  }

  private forget(conn: SseConnection): void {
    const set = this.byUser.get(conn.userId);
    set?.delete(conn);
    if (set && !set.size) this.byUser.delete(conn.userId);
  }

  private async beat(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((s) => [...s]);
    if (!all.length) return;
    for (const c of all) c.write(`: heartbeat\n\n`);
    try {
      const sids = [...new Set(all.map((c) => c.sessionId))];
      const rows: Array<{ sid: string }> = await this.dataSource.query(
        `SELECT sid FROM sessions WHERE sid = ANY($1) AND expire > now()`,
        [sids],
      );
      const alive = new Set(rows.map((r) => r.sid));
      for (const c of all) if (!alive.has(c.sessionId)) c.close();
    } catch {
      // The database is unreachable: keep the streams; the next beat checks again.
    }
  }
}
