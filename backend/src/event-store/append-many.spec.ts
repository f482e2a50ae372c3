import { EntityManager } from 'typeorm';
import { racingWriter } from '../../test/racing-writer';
import { startTestDomain, TestContext } from '../../test/test-app';
import { EventStore } from './event-store';
import { WrongExpectedVersionError } from './event-store.errors';

/**
 * EventStore.appendMany: the indexer's block range, many streams in ONE transaction with the caller's own
 * writes (its checkpoint). All or nothing, each stream compare-and-set, on a real PostgreSQL.
 */
describe('EventStore.appendMany (real PostgreSQL)', () => {
  let ctx: TestContext;
  let store: EventStore;

  beforeAll(async () => {
    ctx = await startTestDomain();
    store = ctx.app.get(EventStore);
    // Stands for the caller's bookkeeping written in the same transaction (the indexer's checkpoint).
    await ctx.dataSource.query(`CREATE TABLE probe_checkpoint (label text PRIMARY KEY)`);
  });
  afterAll(() => ctx.close());

  const checkpointWrite = (label: string) => (m: EntityManager) => m.query(`INSERT INTO probe_checkpoint (label) VALUES ($1)`, [label]);
  const probe = async (label: string) => (await ctx.dataSource.query(`SELECT 1 FROM probe_checkpoint WHERE label = $1`, [label])).length;
  const versionOf = async (streamId: string) => (await store.readStream(streamId)).version;

  it('appends to several streams and the caller\'s writes in one transaction, each stream at its own version', async () => {
    await store.append('m-a', 0, [{ type: 'Init', data: {} }]);
    const { checkpoint } = await store.appendMany(
      [
        { streamId: 'm-a', expectedVersion: 1, events: [{ type: 'X', data: { n: 1 } }, { type: 'X', data: { n: 2 } }] },
        { streamId: 'm-b', expectedVersion: 0, events: [{ type: 'Y', data: {}, idempotencyKey: 'chain:1:0xm-b:0' }] },
        { streamId: 'm-c', expectedVersion: 0, events: [] }, // nothing to say about this one
      ],
      checkpointWrite('ok'),
    );
    const read = await store.readStreams([{ streamId: 'm-a', afterVersion: 1 }, { streamId: 'm-b', afterVersion: 0 }, { streamId: 'm-c', afterVersion: 0 }]);
    expect(read.get('m-a')!.map((e) => [e.type, e.streamVersion, e.data.n])).toEqual([['X', 2, 1], ['X', 3, 2]]);
    expect(read.get('m-b')!.map((e) => [e.type, e.streamVersion])).toEqual([['Y', 1]]);
    expect(read.get('m-c')).toEqual([]);
    // One transaction: every event carries the same transaction id, and the checkpoint is the last one.
    const txs = new Set([...read.get('m-a')!, ...read.get('m-b')!].map((e) => e.transactionId));
    expect(txs.size).toBe(1);
    expect(checkpoint!.transactionId).toBe([...txs][0]);
    expect(await probe('ok')).toBe(1);
    expect(store.latestAppended).toEqual(checkpoint);
  });

  it('stores every event\'s data and metadata exactly as given, whatever text they hold', async () => {
    const tricky = [`it's`, 'back\\slash', 'a "quoted" word', '{braces},commas', 'NULL', '', 'ünïcødé ✓ 😀', 'tab\there\nnewline', '[1,2]', 'crlf\r\n\u2028\u2029', 'text \\n, not a break'];
    const data = tricky.map((s, i) => ({ s, i, nested: { list: [s, null, 1.5, true], empty: {} } }));
    await store.appendMany(
      [
        { streamId: 'm-json-1', expectedVersion: 0, events: data.slice(0, 4).map((d) => ({ type: 'J', data: d, metadata: { actorId: 7, note: d.s } })) },
        { streamId: 'm-json-2', expectedVersion: 0, events: data.slice(4).map((d) => ({ type: 'J', data: d })) },
      ],
    );
    const read = await store.readStreams([{ streamId: 'm-json-1', afterVersion: 0 }, { streamId: 'm-json-2', afterVersion: 0 }]);
    const stored = [...read.get('m-json-1')!, ...read.get('m-json-2')!];
    expect(stored.map((e) => e.data)).toEqual(data);
    expect(stored.map((e) => e.metadata)).toEqual([...data.slice(0, 4).map((d) => ({ actorId: 7, note: d.s })), ...data.slice(4).map(() => ({}))]);
  });

  it('a stale version in the middle of the batch stores nothing of any stream, nor the caller\'s writes', async () => {
    await store.append('s-mid', 0, [{ type: 'Init', data: {} }, { type: 'Moved', data: {} }]);
    const attempt = store.appendMany(
      [
        { streamId: 's-first', expectedVersion: 0, events: [{ type: 'X', data: {} }] },
        { streamId: 's-mid', expectedVersion: 1, events: [{ type: 'X', data: {} }] },
        { streamId: 's-last', expectedVersion: 0, events: [{ type: 'X', data: {}, idempotencyKey: 'chain:1:0xs-last:0' }] },
      ],
      checkpointWrite('stale'),
    );
    await expect(attempt).rejects.toEqual(new WrongExpectedVersionError('s-mid', 1));
    expect([await versionOf('s-first'), await versionOf('s-mid'), await versionOf('s-last')]).toEqual([0, 2, 0]);
    expect(await probe('stale')).toBe(0);
    // The chain fact was not stored either: the same append at the right versions goes in.
    await store.appendMany([{ streamId: 's-last', expectedVersion: 0, events: [{ type: 'X', data: {}, idempotencyKey: 'chain:1:0xs-last:0' }] }]);
    expect(await versionOf('s-last')).toBe(1);
  });

  it('a chain fact another writer stored first fails the batch as a conflict (the caller decides again)', async () => {
    await store.append('f-other', 0, [{ type: 'Fact', data: {}, idempotencyKey: 'chain:1:0xtaken:0' }]);
    const attempt = store.appendMany(
      [
        { streamId: 'f-a', expectedVersion: 0, events: [{ type: 'X', data: {} }] },
        { streamId: 'f-b', expectedVersion: 0, events: [{ type: 'Fact', data: {}, idempotencyKey: 'chain:1:0xtaken:0' }] },
      ],
      checkpointWrite('taken'),
    );
    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect([await versionOf('f-a'), await versionOf('f-b'), await probe('taken')]).toEqual([0, 0, 0]);
  });

  it('a failing write of the caller rolls the events back', async () => {
    await expect(
      store.appendMany([{ streamId: 'h-a', expectedVersion: 0, events: [{ type: 'X', data: {} }] }], async (m) => {
        await m.query(`INSERT INTO probe_checkpoint (label) VALUES ('h')`);
        await m.query(`INSERT INTO probe_checkpoint (label) VALUES ('h')`); // primary key violation
      }),
    ).rejects.toThrow(/duplicate key/);
    expect([await versionOf('h-a'), await probe('h')]).toEqual([0, 0]);
  });

  it('a writer racing on the same stream version (committing while the batch waits on it) fails the whole batch', async () => {
    await store.append('r-hot', 0, [{ type: 'Init', data: {} }]);
    const other = await racingWriter(ctx.databaseUrl);
    try {
      await other.append('r-hot', 2, 'Other');
      let done = false;
      const settled = store
        .appendMany(
          [
            { streamId: 'r-cold', expectedVersion: 0, events: [{ type: 'X', data: {} }] },
            { streamId: 'r-hot', expectedVersion: 1, events: [{ type: 'X', data: {} }] },
          ],
          checkpointWrite('race'),
        )
        .then(() => 'appended', (err: unknown) => err)
        .finally(() => (done = true));
      // The batch read version 1 (the other insert is not committed) and now waits on its index entry.
      await other.untilAnotherWaits(ctx.dataSource, () => done);
      expect(done).toBe(false);
      await other.commit();
      expect(await settled).toEqual(new WrongExpectedVersionError('r-hot', 1));
    } finally {
      await other.end();
    }
    expect((await store.readStream('r-hot')).events.map((e) => e.type)).toEqual(['Init', 'Other']);
    expect([await versionOf('r-cold'), await probe('race')]).toEqual([0, 0]);
  });
});
