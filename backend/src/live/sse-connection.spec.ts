import type { Response } from 'express';
import { PassThrough } from 'node:stream';
import { LiveMessage } from './live-message';
import { SseConnection } from './sse-connection';

/** A socket stand-in that nobody reads: everything written stays queued in it. */
function unreadSocket() {
  const s = new PassThrough({ highWaterMark: 16 });
  return s as unknown as Response & PassThrough;
}

const message = (position: number, userId = 7): LiveMessage => ({
  checkpoint: { transactionId: BigInt(1000 + position), position: BigInt(position) },
  userId,
  change: { userId, kind: 'submission_changed', notify: false, taskId: 1, submissionId: 2, detail: { txHash: '0x' + 'a'.repeat(64) } },
});

describe('SseConnection (one open stream)', () => {
  it('closes a client that stops reading once its queue passes the byte bound, instead of buffering forever', () => {
    const socket = unreadSocket();
    let closes = 0;
    const conn = new SseConnection(7, 'sid', socket, 4096, () => closes++);
    conn.goLive({ transactionId: 0n, position: 0n });
    let sent = 0;
    while (conn.isOpen && sent < 10_000) conn.deliver(message(++sent));
    expect(conn.isOpen).toBe(false);
    expect(closes).toBe(1);
    expect(socket.writableLength).toBeLessThan(4096 + 1024); // bound + at most one frame
    expect(sent).toBeLessThan(40);
    conn.deliver(message(99_999)); // ignored after close
    conn.close();
    expect(closes).toBe(1);
  });

  it('holds live messages during a replay and sends only those the replay did not cover, in order', () => {
    const socket = new PassThrough();
    const conn = new SseConnection(7, 'sid', socket as unknown as Response, 1 << 20, () => undefined);
    for (const p of [5, 6, 7, 8]) conn.deliver(message(p));
    expect(socket.read()).toBeNull(); // nothing written while replaying
    conn.write('id: 6\nevent: change\ndata: {}\n\n'); // the replay's own frames go out directly
    conn.goLive({ transactionId: 1006n, position: 6n });
    conn.deliver(message(9));
    const text = String(socket.read());
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1])).toEqual(['6', '7', '8', '9']);
  });

  it('after a replay that read ahead of this replica\'s follower, the follower\'s late copies of replayed events are dropped', () => {
    // The replay reads up to what the read models include, which can be past where the follower has dispatched:
    // the follower then delivers those same events live, after the stream went live.
    const socket = new PassThrough();
    const conn = new SseConnection(7, 'sid', socket as unknown as Response, 1 << 20, () => undefined);
    conn.write('id: 25\nevent: change\ndata: {}\n\nid: 26\nevent: change\ndata: {}\n\n');
    conn.goLive({ transactionId: 1026n, position: 26n });
    for (const p of [25, 26, 27]) conn.deliver(message(p));
    const text = String(socket.read());
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1])).toEqual(['25', '26', '27']);
  });

  it('a replay that falls too far behind its held live messages closes the stream (the client resumes later)', () => {
    const socket = new PassThrough();
    let closed = false;
    const conn = new SseConnection(7, 'sid', socket as unknown as Response, 1 << 20, () => (closed = true));
    for (let p = 1; p <= 1001; p++) conn.deliver(message(p));
    expect(closed).toBe(true);
  });
});
