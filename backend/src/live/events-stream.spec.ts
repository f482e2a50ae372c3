import request from 'supertest';
import { actor, Actor } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { openSse, SseClient, SseFrame } from '../../test/sse-client';
import { Replica, startReplica as replica } from '../../test/replica';
import { LiveStreams } from './live-streams';

const ENV = { LIVE_HEARTBEAT_MS: '300', LIVE_POLL_MS: '50' };

/** Two backend replicas on one database: a stream on A must show what is done through B. */
describe('GET /api/events/stream across replicas', () => {
  let a: Replica;
  let b: Replica;
  const open: SseClient[] = [];
  beforeAll(async () => {
    a = await replica(ENV);
    b = await replica(ENV, a.databaseUrl);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await a.app.close();
    await b.app.close();
  });

  const connect = async (r: Replica, who: Actor, lastEventId?: string) => {
    const c = await openSse(r.url, who.cookie, lastEventId);
    open.push(c);
    return c;
  };
  const submitVia = async (r: Replica, who: Actor, taskId: number) =>
    (await request(r.http).post('/api/submissions').set('Cookie', who.cookie)
      .send({ taskId, proofText: 'done', proofLink: null, proofFileUrl: null, notes: null }).expect(201)).body.id as number;
  const reviewVia = (r: Replica, who: Actor, id: number, body: Record<string, unknown>) =>
    request(r.http).patch(`/api/submissions/${id}`).set('Cookie', who.cookie).send(body).expect(200);
  const kind = (k: string, submissionId?: number) => (f: SseFrame) =>
    f.event === 'change' && f.data.kind === k && (submissionId === undefined || f.data.submissionId === submissionId);

  it('a stream on replica A sees a submission and an approval made through replica B', async () => {
    const [creator, earner] = [await actor(a), await actor(a)];
    const taskId = await createFundedTask(b.commands, creator, { title: 'Follow us' });
    const creatorStream = await connect(a, creator);
    const earnerStream = await connect(a, earner);
    expect(creatorStream.status).toBe(200);
    await creatorStream.next((f) => f.event === 'ready', 'ready');
    await earnerStream.next((f) => f.event === 'ready', 'ready');

    const s = await submitVia(b, earner, taskId);
    const received = await creatorStream.next(kind('submission_received', s), 'submission_received');
    expect(received.data).toEqual({ kind: 'submission_received', notification: true, taskId, submissionId: s, detail: { reviewDeadline: expect.any(String) } });

    await reviewVia(b, creator, s, { status: 'approved', feedback: 'Nice' });
    const approved = await earnerStream.next(kind('submission_approved', s), 'submission_approved');
    expect(approved.data).toMatchObject({ notification: true, taskId, submissionId: s, detail: { feedback: 'Nice', reward: 50 } });
    // The id is the store position of the event, the same one the notification list uses.
    const list = await request(a.http).get('/api/notifications').set('Cookie', earner.cookie).expect(200);
    expect(list.body.items[0]).toMatchObject({ id: approved.id, kind: 'submission_approved' });
    // The creator's approvals list hears about the approval too (no notification: they made it).
    await creatorStream.next(kind('submission_changed', s), 'creator sees the review');
  });

  it('never sends one user\'s changes to another', async () => {
    const [creator, earner, stranger] = [await actor(a), await actor(a), await actor(a)];
    const strangerStream = await connect(a, stranger);
    await strangerStream.next((f) => f.event === 'ready', 'ready');
    const taskId = await createFundedTask(b.commands, creator);
    const s = await submitVia(b, earner, taskId);
    await reviewVia(b, creator, s, { status: 'rejected', feedback: 'Wrong account' });
    // A marker that does concern the stranger, appended after everything above.
    const own = await createFundedTask(b.commands, stranger);
    const marker = await strangerStream.next(kind('task_funded'), 'own task funded');
    expect(marker.data.taskId).toBe(own);
    const changes = strangerStream.frames.filter((f) => f.event === 'change');
    expect(changes.map((f) => [f.data.kind, f.data.taskId])).toEqual([['task_changed', own], ['task_funded', own]]);
  });

  it('a reconnect with Last-Event-ID replays exactly what was missed, in order, on either replica', async () => {
    const [creator, e1, e2] = [await actor(a), await actor(a), await actor(a)];
    const taskId = await createFundedTask(b.commands, creator);
    const first = await connect(a, creator);
    await first.next((f) => f.event === 'ready', 'ready');
    const s1 = await submitVia(b, e1, taskId);
    const seen = await first.next(kind('submission_received', s1), 'first submission');
    first.close();
    await first.closed;

    const s2 = await submitVia(b, e2, taskId);
    await reviewVia(a, creator, s1, { status: 'rejected', feedback: 'No' });
    await reviewVia(b, creator, s2, { status: 'approved' });

    const again = await connect(b, creator, seen.id!);
    const ready = await again.next((f) => f.event === 'ready', 'ready after replay');
    const replayed = again.frames.slice(0, again.frames.indexOf(ready));
    expect(replayed.map((f) => [f.data.kind, f.data.submissionId])).toEqual([
      ['submission_received', s2],
      ['submission_changed', s1],
      ['submission_changed', s2], // SubmissionApproved
      ['submission_changed', s2], // PayoutRequested
    ]);
    const ids = replayed.map((f) => BigInt(f.id!));
    expect(ids.every((id, i) => id > BigInt(seen.id!) && (i === 0 || id > ids[i - 1]))).toBe(true);
    // A replay that finds nothing new still moves the client's Last-Event-ID forward.
    const idle = await connect(a, creator, again.lastEventId!);
    await idle.next((f) => f.event === 'ready', 'ready');
    expect(idle.frames).toHaveLength(1);
    // Last-Event-ID 0 replays from the very start of the store (the task's funding included).
    const all = await connect(a, creator, '0');
    await all.next((f) => f.event === 'ready', 'ready');
    expect(all.frames.filter((f) => f.event === 'change').map((f) => f.data.kind)).toEqual(
      expect.arrayContaining(['task_funded', 'submission_received', 'submission_received']),
    );
  });

  it('a Last-Event-ID that names no position (junk, past bigint) starts the stream from now', async () => {
    const who = await actor(a);
    for (const id of ['9223372036854775808', '99999999999999999999', '-1', '1e3', 'x']) {
      const stream = await connect(a, who, id);
      expect(stream.status).toBe(200);
      await stream.next((f) => f.event === 'ready', `ready after Last-Event-ID ${id}`);
      stream.close();
    }
    // The largest position there can be is a miss too (nothing there to resume after): from now.
    const last = await connect(a, who, '9223372036854775807');
    await last.next((f) => f.event === 'ready', 'ready after the largest position');
  });

  it('refuses a signed-out client; ends the stream when the session ends; sends heartbeats', async () => {
    const res = await fetch(`${a.url}/api/events/stream`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Not authenticated' });

    const who = await actor(a);
    const stream = await connect(b, who);
    await stream.next((f) => f.event === 'ready', 'ready');
    expect(b.app.get(LiveStreams).count).toBeGreaterThanOrEqual(1);
    await new Promise<void>((resolve) => {
      const t = setInterval(() => stream.comments >= 1 && (clearInterval(t), resolve()), 20);
    });
    await request(a.http).post('/api/logout').set('Cookie', who.cookie).expect(200);
    await stream.closed; // the next heartbeat finds the session gone and closes the stream
    const after = await fetch(`${b.url}/api/events/stream`, { headers: { Cookie: who.cookie } });
    expect(after.status).toBe(401);
  });
});

/** The request deadline (REQUEST_TIMEOUT_MS) bounds every answer but this one, which lasts as long as its client. */
describe('GET /api/events/stream past the request deadline', () => {
  let r: Replica;
  let stream: SseClient | undefined;
  beforeAll(async () => {
    r = await replica({ ...ENV, REQUEST_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    stream?.close();
    await r.app.close();
  });

  it('keeps streaming after REQUEST_TIMEOUT_MS has passed', async () => {
    const who = await actor(r);
    stream = await openSse(r.url, who.cookie);
    expect(stream.status).toBe(200);
    await stream.next((f) => f.event === 'ready', 'ready');
    await new Promise((res) => setTimeout(res, 900));
    const taskId = await createFundedTask(r.commands, who);
    const funded = await stream.next((f) => f.event === 'change' && f.data.kind === 'task_funded', 'task funded after the deadline');
    expect(funded.data.taskId).toBe(taskId);
    expect(stream.frames.filter((f) => f.event !== 'change' && f.event !== 'ready')).toEqual([]);
  });
});
