import type { Response } from 'express';
import { Checkpoint, compareCheckpoints } from '../event-store/stored-event';
import { LiveMessage, frameOf } from './live-message';

/** Messages held while a reconnect replays what it missed; more than this and the client starts over. */
const MAX_HELD = 1000;

/**
 * One open stream. Writes go straight to the socket; when the client does not read and more than
 * `maxBufferBytes` queue up, the stream is closed instead of growing without bound: the browser
 * reconnects with its Last-Event-ID and replays what it missed, so dropping loses nothing.
 */
export class SseConnection {
  /** While replaying: live messages arriving meanwhile, sent after the replay (those it did not cover). */
  private held: LiveMessage[] | null = [];
  /**
   * What the replay covered. It read up to what the read models include, which may be ahead of where this
   * replica's follower has dispatched: the follower's later copies of those events are not sent twice.
   */
  private replayed: Checkpoint | null = null;
  private closed = false;

  constructor(
    readonly userId: number,
    readonly sessionId: string,
    private readonly res: Response,
    private readonly maxBufferBytes: number,
    private readonly onClose: () => void,
  ) {
    res.on('close', () => this.close());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** A live message from the follower. */
  deliver(m: LiveMessage): void {
    if (this.held) {
      if (this.held.length >= MAX_HELD) this.close();
      else this.held.push(m);
      return;
    }
    if (this.replayed && compareCheckpoints(m.checkpoint, this.replayed) <= 0) return;
    this.write(frameOf(m));
  }

  /** Ends the replay: sends the held messages newer than what the replay covered, then goes live. */
  goLive(replayed: Checkpoint): void {
    const held = this.held ?? [];
    this.held = null;
    this.replayed = replayed;
    for (const m of held) this.deliver(m);
  }

  write(frame: string): void {
    if (this.closed) return;
    if (this.res.writableLength > this.maxBufferBytes) {
      this.close();
      return;
    }
    this.res.write(frame);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
    if (!this.res.writableEnded) this.res.end();
  }
}
