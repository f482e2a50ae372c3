import { Client } from 'pg';
import { startTestDomain, TestContext } from '../../test/test-app';
import { EventStore } from './event-store';
import { UniqueKeyTakenError, WrongExpectedVersionError } from './event-store.errors';
import { START } from './stored-event';

describe('EventStore (real PostgreSQL)', () => {
  let ctx: TestContext;
  let store: EventStore;

  beforeAll(async () => {
    ctx = await startTestDomain();
    store = ctx.app.get(EventStore);
  });
  afterAll(() => ctx.close());

  it('appends with compare-and-set on the stream version', async () => {
    const first = await store.append('s-1', 0, [{ type: 'A', data: { n: 1 } }, { type: 'B', data: { n: 2 } }]);
    expect(first.nextVersion).toBe(2);
    await expect(store.append('s-1', 0, [{ type: 'C', data: {} }])).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await store.append('s-1', 2, [{ type: 'C', data: { n: 3 } }]);
    const { version, events } = await store.readStream('s-1');
    expect(version).toBe(3);
    expect(events.map((e) => [e.type, e.streamVersion, e.data.n])).toEqual([['A', 1, 1], ['B', 2, 2], ['C', 3, 3]]);
  });

  it('lets exactly one of many concurrent writers at the same version win', async () => {
    await store.append('s-race', 0, [{ type: 'Init', data: {} }]);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => store.append('s-race', 1, [{ type: 'W', data: { i } }])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    }
    expect((await store.readStream('s-race')).version).toBe(2);
  });

  it('treats an event whose idempotency key exists as a no-op, not an error or a duplicate', async () => {
    const fact = { type: 'Fact', data: { x: 1 }, idempotencyKey: 'chain:31337:0xabc:0' };
    const a = await store.append('s-fact', 0, [fact]);
    const b = await store.append('s-fact', 'any', [fact]);
    expect(a.duplicate).toBe(false);
    expect(b.duplicate).toBe(true);
    expect((await store.readStream('s-fact')).events).toHaveLength(1);
  });

  it('reserves unique keys atomically with the append and rolls the append back when a key is taken', async () => {
    await store.append('owner-1', 0, [{ type: 'Claim', data: {} }], { reserve: [{ kind: 'k', value: 'v' }] });
    await expect(
      store.append('owner-2', 0, [{ type: 'Claim', data: {} }], { reserve: [{ kind: 'k', value: 'v' }] }),
    ).rejects.toBeInstanceOf(UniqueKeyTakenError);
    expect((await store.readStream('owner-2')).version).toBe(0);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on events in the database itself', async () => {
    await store.append('s-immutable', 0, [{ type: 'A', data: {} }]);
    await expect(ctx.dataSource.query(`UPDATE events SET data = '{}' WHERE stream_id = 's-immutable'`)).rejects.toThrow(/append-only/);
    await expect(ctx.dataSource.query(`DELETE FROM events WHERE stream_id = 's-immutable'`)).rejects.toThrow(/append-only/);
    await expect(ctx.dataSource.query(`TRUNCATE events`)).rejects.toThrow(/append-only/);
  });

  it('never lets a reader skip an event committed late by a slower transaction', async () => {
    // A slow writer takes a global position first and commits last.
    const slow = new Client({ connectionString: ctx.databaseUrl });
    await slow.connect();
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO events (stream_id, stream_version, event_type, data) VALUES ('slow', 1, 'Slow', '{}')`,
    );
    const tail = async () => {
      const all = await store.readAll(START, 100_000);
      return all.length ? { transactionId: all[all.length - 1].transactionId, position: all[all.length - 1].globalPosition } : START;
    };
    // pg_snapshot_xmin is cluster-wide: a transaction of another test file (its projection batch) can hold
    // back events this file committed earlier, so read until the tail has every committed event before the slow one.
    const committed = async () => BigInt((await ctx.dataSource.query(`SELECT max(global_position)::text AS p FROM events`))[0].p);
    let before = await tail();
    while (before.position < (await committed())) {
      await new Promise((r) => setTimeout(r, 10));
      before = await tail();
    }
    // A fast writer commits after the slow one took its (lower) position.
    await store.append('fast', 0, [{ type: 'Fast', data: {} }]);
    const seenWhileSlowRuns = await store.readAll(before, 100);
    // The fast event is held back while an older transaction is still running...
    expect(seenWhileSlowRuns.map((e) => e.type)).not.toContain('Fast');
    // ...whereas the naive reader moves past the slow event's position and would never come back for it.
    const naive: Array<{ event_type: string }> = await ctx.dataSource.query(
      `SELECT event_type FROM events WHERE global_position > $1 ORDER BY global_position`,
      [before.position.toString()],
    );
    expect(naive.map((r) => r.event_type)).toEqual(['Fast']);
    await slow.query('COMMIT');
    await slow.end();
    // pg_snapshot_xmin is cluster-wide: a transaction open in another test file's database may hold
    // readers back for a moment, so wait until both are visible.
    let after = await store.readAll(before, 100);
    for (let i = 0; i < 100 && after.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await store.readAll(before, 100);
    }
    expect(after.map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });

  // Group commit: plain appends arriving while a statement is in flight share the next one.
  it('writes concurrent appends to many streams together, each compare-and-set on its own stream', async () => {
    await store.append('gc-stale', 0, [{ type: 'Init', data: {} }]);
    const appends = Array.from({ length: 40 }, (_, i) => store.append(`gc-${i}`, 0, [{ type: 'A', data: { i } }, { type: 'B', data: { i } }]));
    // A stale expected version fails alone; its neighbours in the same batch still go in.
    const stale = store.append('gc-stale', 0, [{ type: 'Late', data: {} }]);
    const results = await Promise.all(appends);
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(results.every((r) => r.nextVersion === 2)).toBe(true);
    const txs = new Set(results.map((r) => r.checkpoint!.transactionId));
    // Fewer transactions than appends: they were committed in groups.
    expect(txs.size).toBeLessThan(40);
    for (let i = 0; i < 40; i++) {
      const { events } = await store.readStream(`gc-${i}`);
      expect(events.map((e) => [e.type, e.streamVersion, e.data.i])).toEqual([['A', 1, i], ['B', 2, i]]);
    }
  });

  it('keeps two queued appends to one stream in separate batches, so the second sees the first', async () => {
    const first = store.append('gc-same', 0, [{ type: 'One', data: {} }]);
    const second = store.append('gc-same', 1, [{ type: 'Two', data: {} }]);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect((await store.readStream('gc-same')).events.map((e) => e.type)).toEqual(['One', 'Two']);
  });

  it('isolates a batch-breaking race with another process: only the losing stream conflicts', async () => {
    // Another process holds version 1 of `gc-race` uncommitted; our batch wants it too.
    const other = new Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    await other.query('BEGIN');
    await other.query(`INSERT INTO events (stream_id, stream_version, event_type, data) VALUES ('gc-race', 1, 'Theirs', '{}')`);
    // Outcomes are captured at once: the losing append may settle as soon as the other side commits.
    const ours = store.append('gc-race', 0, [{ type: 'Ours', data: {} }]).then(() => 'appended', (err: unknown) => err);
    const neighbours = Promise.all(Array.from({ length: 5 }, (_, i) => store.append(`gc-n${i}`, 0, [{ type: 'N', data: {} }])));
    await new Promise((r) => setTimeout(r, 100));
    await other.query('COMMIT');
    await other.end();
    expect(await ours).toBeInstanceOf(WrongExpectedVersionError);
    await expect(neighbours).resolves.toHaveLength(5);
    expect((await store.readStream('gc-race')).events.map((e) => e.type)).toEqual(['Theirs']);
  });

  it('fails only the append PostgreSQL cannot store; the rest of its batch commits', async () => {
    // The first two appends leave at once and fill both in-flight slots; the next 41 queue meanwhile and go
    // out together as ONE batch, the poisoned append (a NUL, which jsonb refuses) among them.
    const head = [store.append('gc-p-head-0', 0, [{ type: 'H', data: {} }]), store.append('gc-p-head-1', 0, [{ type: 'H', data: {} }])];
    const good = (i: number) => store.append(`gc-p-${i}`, 0, [{ type: 'Submitted', data: { proofText: `proof ${i}` } }]);
    const early = Array.from({ length: 20 }, (_, i) => good(i));
    const poisoned = store.append('gc-p-bad', 0, [{ type: 'Submitted', data: { proofText: 'bad\u0000proof' } }]);
    const late = Array.from({ length: 20 }, (_, i) => good(20 + i));
    const outcome = await poisoned.then(() => null, (err: { code?: string }) => err);
    expect(outcome).toMatchObject({ code: '22P05' }); // untranslatable character: the database's own refusal
    const results = await Promise.all([...head, ...early, ...late]);
    expect(results.every((r) => r.nextVersion === 1 && !r.duplicate)).toBe(true);
    for (let i = 0; i < 40; i++) {
      expect((await store.readStream(`gc-p-${i}`)).events.map((e) => e.data.proofText)).toEqual([`proof ${i}`]);
    }
    expect((await store.readStream('gc-p-bad')).version).toBe(0);
  });
});
