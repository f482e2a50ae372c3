import request from 'supertest';
import { Client } from 'pg';
import { actor, cast } from '../../test/api/api-actors';
import { startReplica, Replica } from '../../test/replica';
import { startTestApp } from '../../test/test-app';
import { IDEMPOTENCY_MESSAGES } from './idempotency-key-header';
import { IdempotencyStore } from './idempotency.store';

const DAY = 24 * 3600 * 1000;

function taskBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Translate the FAQ',
    description: 'Into Spanish',
    requirements: 'A Google doc',
    category: 'Content',
    submissionType: 'link',
    reward: 10,
    maxCompletions: 2,
    estimatedTime: 60,
    deadline: new Date(Date.now() + 3 * DAY).toISOString(),
    isActive: true,
    ...overrides,
  };
}

let keys = 0;
const newKey = () => `key-${process.pid}-${Date.now()}-${++keys}`;

describe('Idempotency-Key on writes', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const tasksOf = async (creatorId: number) =>
    Number((await ctx.dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE creator_id = $1`, [creatorId]))[0].n);

  it('answers a repeated POST with the first answer and creates the task once', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    const body = taskBody();
    const first = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The IETF draft's Structured Field form of the same key, and the body's keys in another order.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', `"${key}"`).send(reordered).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await tasksOf(creator.id)).toBe(1);
    // A new key is a new action.
    await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', newKey()).send(body).expect(201);
    expect(await tasksOf(creator.id)).toBe(2);
  });

  it('refuses the same key with a different body (or route) with 422 and does nothing', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(taskBody()).expect(201);
    const other = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(taskBody({ reward: 11 })).expect(422);
    expect(other.body).toEqual({ message: IDEMPOTENCY_MESSAGES.reusedKey });
    await request(ctx.http).patch('/api/tasks/1').set('Cookie', creator.cookie).set('Idempotency-Key', key).send({ isActive: false }).expect(422);
    expect(await tasksOf(creator.id)).toBe(1);
  });

  it('keeps keys per user: another user with the same key gets their own answer', async () => {
    const [a, b] = [await actor(ctx), await actor(ctx)];
    const key = newKey();
    const ra = await request(ctx.http).post('/api/tasks').set('Cookie', a.cookie).set('Idempotency-Key', key).send(taskBody()).expect(201);
    const rb = await request(ctx.http).post('/api/tasks').set('Cookie', b.cookie).set('Idempotency-Key', key).send(taskBody()).expect(201);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.body.id).not.toBe(ra.body.id);
    expect(rb.body.creatorId).toBe(b.id);
  });

  it('refuses a malformed key with 400', async () => {
    const creator = await actor(ctx);
    for (const bad of ['', ' ', 'x'.repeat(256), '"half', 'a"b', 'a\\b']) {
      const res = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', bad).send(taskBody());
      expect([res.status, res.body.message]).toEqual([400, IDEMPOTENCY_MESSAGES.invalidKey]);
    }
    await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', 'x'.repeat(255)).send(taskBody()).expect(201);
    expect(await tasksOf(creator.id)).toBe(1);
  });

  it('replays a final refusal (400) but not "not signed in" (401)', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    const invalid = taskBody({ reward: 0 });
    const bad = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(invalid).expect(400);
    const replayed = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(invalid).expect(400);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(bad.body);
    const anonKey = newKey();
    const body = taskBody();
    await request(ctx.http).post('/api/tasks').set('Idempotency-Key', anonKey).send(body).expect(401);
    const again = await request(ctx.http).post('/api/tasks').set('Idempotency-Key', anonKey).send(body).expect(401);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('decides a review once: a repeated approval replays the first answer instead of 409', async () => {
    const { creator, submissionId } = await cast(ctx);
    const key = newKey();
    const first = await request(ctx.http).patch(`/api/submissions/${submissionId}`).set('Cookie', creator.cookie).set('Idempotency-Key', key).send({ status: 'approved' }).expect(200);
    const again = await request(ctx.http).patch(`/api/submissions/${submissionId}`).set('Cookie', creator.cookie).set('Idempotency-Key', key).send({ status: 'approved' }).expect(200);
    expect(again.body).toEqual(first.body);
    const approvals = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE event_type = 'SubmissionApproved' AND data->>'submissionId' = $1`, [String(submissionId)]);
    expect(approvals[0].n).toBe(1);
    // Without the key the second decision is what it always was.
    await request(ctx.http).patch(`/api/submissions/${submissionId}`).set('Cookie', creator.cookie).send({ status: 'approved' }).expect(409);
  });

  it('replays a bulk approval and a payout request instead of deciding them again', async () => {
    const { admin, earner, taskId, submissionId } = await cast(ctx);
    const key = newKey();
    const body = { submissionIds: [submissionId] };
    const first = await request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie).set('Idempotency-Key', key).send(body).expect(200);
    expect(first.body).toMatchObject({ processed: 1 });
    const again = await request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie).set('Idempotency-Key', key).send(body).expect(200);
    expect([again.headers['idempotent-replayed'], again.body]).toEqual(['true', first.body]);
    // Without the key the same request is a new run: nothing left to approve.
    expect((await request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie).send(body).expect(200)).body).toMatchObject({ processed: 0 });

    const payoutKey = newKey();
    const ask = { taskId, recipientId: earner.id };
    const asked = await request(ctx.http).post('/api/blockchain/release-reward').set('Cookie', admin.cookie).set('Idempotency-Key', payoutKey).send(ask).expect(200);
    const replayed = await request(ctx.http).post('/api/blockchain/release-reward').set('Cookie', admin.cookie).set('Idempotency-Key', payoutKey).send(ask).expect(200);
    expect([replayed.headers['idempotent-replayed'], replayed.body]).toEqual(['true', asked.body]);
    const requests = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE event_type = 'PayoutRequested' AND data->>'submissionId' = $1`, [String(submissionId)]);
    expect(requests[0].n).toBe(1);
  });

  it('leaves sign-in alone: a repeated login with a key is a new login', async () => {
    const key = newKey();
    // A final refusal (400), which a covered route would keep and replay.
    const login = { username: 'nobody-here' };
    await request(ctx.http).post('/api/login').set('Idempotency-Key', key).send(login).expect(400);
    const again = await request(ctx.http).post('/api/login').set('Idempotency-Key', key).send(login).expect(400);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ctx.dataSource.query(`SELECT 1 FROM idempotency_keys WHERE key = $1`, [key])).toEqual([]);
  });

  it('is documented on the writes that honour it, and only there', async () => {
    const { body } = await request(ctx.http).get('/api/docs-json').expect(200);
    const keyed = (path: string, method: string) =>
      ((body.paths[path][method].parameters ?? []) as Array<{ name: string; in: string }>).some((p) => p.name === 'Idempotency-Key' && p.in === 'header');
    for (const [path, method] of [['/api/tasks', 'post'], ['/api/tasks/{id}', 'patch'], ['/api/submissions', 'post'], ['/api/submissions/{id}', 'patch'],
      ['/api/admin/bulk-approve', 'post'], ['/api/blockchain/release-reward', 'post'], ['/api/wallet', 'post']]) {
      expect([path, method, keyed(path, method)]).toEqual([path, method, true]);
      expect(body.paths[path][method].responses['422'].description).toBe(IDEMPOTENCY_MESSAGES.reusedKey);
    }
    for (const [path, method] of [['/api/tasks', 'get'], ['/api/submissions/upload', 'post'], ['/api/login', 'post'], ['/api/register', 'post'], ['/api/auth/web3', 'post']]) {
      expect([path, method, keyed(path, method)]).toEqual([path, method, false]);
    }
  });

  it('of concurrent requests with one key runs one: the others get 409 (still running) or the replay', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    const body = taskBody();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body)),
    );
    const fresh = answers.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const r of answers) {
      if (r.status === 409) expect([r.body.message, r.headers['retry-after']]).toEqual([IDEMPOTENCY_MESSAGES.inFlight, '1']);
      else expect([r.status, r.body.id]).toEqual([201, fresh[0].body.id]);
    }
    expect(await tasksOf(creator.id)).toBe(1);
  });

  it('records the answer of a request whose client gave up, and replays it to the retry', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    // Another session blocks every append, so the first request is still running when its client goes away.
    const blocker = new Client({ connectionString: ctx.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE events IN EXCLUSIVE MODE');
      const body = taskBody();
      const lost = request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body).timeout(300);
      await expect(lost).rejects.toThrow(/Timeout/);
      const meanwhile = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body);
      expect([meanwhile.status, meanwhile.body.message]).toEqual([409, IDEMPOTENCY_MESSAGES.inFlight]);
      await blocker.query('COMMIT');
      let retry = meanwhile;
      for (let i = 0; i < 100 && retry.status === 409; i++) {
        await new Promise((r) => setTimeout(r, 50));
        retry = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body);
      }
      expect([retry.status, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
      expect(await tasksOf(creator.id)).toBe(1);
    } finally {
      await blocker.end();
    }
  });

  it('forgets a key after its expiry: the key runs afresh and the sweep deletes expired keys', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(taskBody()).expect(201);
    await ctx.dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
    const fresh = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(taskBody({ reward: 12 })).expect(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksOf(creator.id)).toBe(2);
    await ctx.dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
    expect(await ctx.app.get(IdempotencyStore).sweep()).toBeGreaterThanOrEqual(1);
    expect(await ctx.dataSource.query(`SELECT 1 FROM idempotency_keys WHERE key = $1`, [key])).toEqual([]);
  });

  it('lets a retry take over the claim of a request whose process died (its lease ran out)', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    const scope = `user:${creator.id}`;
    const store = ctx.app.get(IdempotencyStore);
    const { requestFingerprint } = await import('./request-fingerprint');
    const body = taskBody();
    const claim = await store.claim(scope, key, requestFingerprint('POST', '/api/tasks', body));
    expect(claim.kind).toBe('claimed');
    await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body).expect(409);
    await ctx.dataSource.query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1`, [key]);
    await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body).expect(201);
    // The dead claim's owner can no longer write its answer over the one that was given.
    if (claim.kind === 'claimed') await store.complete(scope, key, claim.owner, { status: 500, contentType: null, body: 'stale' });
    const replay = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await tasksOf(creator.id)).toBe(1);
  });
});

describe('Idempotency-Key past the request deadline', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp({ REQUEST_TIMEOUT_MS: '500' });
  });
  afterAll(() => ctx.app.close());

  /** Another session blocks every append while `run` runs (it commits or cancels through `blocker`). */
  async function withAppendsBlocked(run: (blocker: Client) => Promise<void>) {
    const blocker = new Client({ connectionString: ctx.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE events IN EXCLUSIVE MODE');
      await run(blocker);
    } finally {
      await blocker.end();
    }
  }

  /** The client's retries every 50 ms while the key's first write is still running (409), at most 100. */
  async function retriedWhileInFlight(answer: request.Response, send: () => request.Test): Promise<request.Response> {
    let retry = answer;
    for (let i = 0; i < 100 && retry.status === 409; i++) {
      await new Promise((r) => setTimeout(r, 50));
      retry = await send();
    }
    return retry;
  }

  it('keeps the key of a write answered 503 at its deadline until the write ends, then replays what it did', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    const body = taskBody();
    const send = () => request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body);
    // Another session blocks every append: the request outlives its deadline, then commits once the lock goes.
    await withAppendsBlocked(async (blocker) => {
      const late = await send();
      expect([late.status, late.headers['retry-after']]).toEqual([503, expect.any(String)]);
      // The client retries at once, as the 503 says: the first write is still running, so it is not run again.
      const meanwhile = await send();
      expect([meanwhile.status, meanwhile.body.message]).toEqual([409, IDEMPOTENCY_MESSAGES.inFlight]);
      await blocker.query('COMMIT');
      const retry = await retriedWhileInFlight(meanwhile, send);
      expect([retry.status, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
      expect(retry.body).toMatchObject({ title: body.title, creatorId: creator.id });
      expect(await ctx.dataSource.query(`SELECT id FROM tasks WHERE creator_id = $1`, [creator.id])).toEqual([{ id: retry.body.id }]);
    });
  });

  it('gives the key up when the late write fails, so the retry runs it again', async () => {
    const creator = await actor(ctx);
    const key = newKey();
    const body = taskBody();
    const send = () => request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body);
    await withAppendsBlocked(async (blocker) => {
      await send().expect(503);
      // The waiting append is cancelled: the handler fails after its 503 and writes nothing.
      await blocker.query(`SELECT pg_cancel_backend(pid) FROM pg_locks WHERE relation = 'events'::regclass AND NOT granted`);
      await blocker.query('COMMIT');
      const retry = await retriedWhileInFlight(await send(), send);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(await ctx.dataSource.query(`SELECT id FROM tasks WHERE creator_id = $1`, [creator.id])).toEqual([{ id: retry.body.id }]);
    });
  });
});

describe('Idempotency-Key across two backend replicas', () => {
  let a: Replica;
  let b: Replica;
  beforeAll(async () => {
    a = await startReplica({});
    b = await startReplica({}, a.databaseUrl);
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.app.close();
  });

  it('a retry on the other replica replays; concurrent requests on both create one task', async () => {
    const creator = await actor(a);
    const key = newKey();
    const body = taskBody();
    const first = await request(a.url).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body).expect(201);
    const onB = await request(b.url).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(body).expect(201);
    expect([onB.headers['idempotent-replayed'], onB.body.id]).toEqual(['true', first.body.id]);
    await request(b.url).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', key).send(taskBody({ reward: 3 })).expect(422);

    const raced = newKey();
    const racedBody = taskBody({ title: 'Raced' });
    const answers = await Promise.all(
      [a, b, a, b].map((r) => request(r.url).post('/api/tasks').set('Cookie', creator.cookie).set('Idempotency-Key', raced).send(racedBody)),
    );
    expect(answers.filter((r) => r.status === 201 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const n = await a.dataSource.query(`SELECT count(*)::int AS n FROM tasks WHERE creator_id = $1 AND title = 'Raced'`, [creator.id]);
    expect(n[0].n).toBe(1);
  });
});
