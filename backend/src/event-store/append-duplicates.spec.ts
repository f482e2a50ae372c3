import { Client } from 'pg';
import { startTestDomain, TestContext } from '../../test/test-app';
import { EventStore } from './event-store';
import { WrongExpectedVersionError } from './event-store.errors';

/**
 * One rule for duplicate chain facts, whichever way an append reaches the store (group-committed, with
 * reservations, many streams at once): every fact of a stream's append already stored in that stream is a
 * no-op; a fact met otherwise (stored by another stream, or beside new facts) is a conflict. See append-streams.ts.
 */
describe('EventStore: one rule for duplicate chain facts on every append path (real PostgreSQL)', () => {
  let ctx: TestContext;
  let store: EventStore;
  const fact = (key: string, type = 'Fact') => ({ type, data: {}, idempotencyKey: `chain:31337:${key}:0` });
  const typesOf = async (streamId: string) => (await store.readStream(streamId)).events.map((e) => e.type);

  beforeAll(async () => {
    ctx = await startTestDomain();
    store = ctx.app.get(EventStore);
  });
  afterAll(() => ctx.close());

  it('the same fact appended twice at once to one stream: stored once, the second a duplicate (not a conflict)', async () => {
    const results = await Promise.all([store.append('d-twice', 0, [fact('0xtwice')]), store.append('d-twice', 0, [fact('0xtwice')])]);
    expect(results.map((r) => r.duplicate).sort()).toEqual([false, true]);
    expect(results.find((r) => r.duplicate)).toEqual({ nextVersion: 1, checkpoint: null, duplicate: true });
    expect(await typesOf('d-twice')).toEqual(['Fact']);
  });

  it('appendMany skips a stream whose facts are stored in it already, and appends the others', async () => {
    await store.append('d-many-a', 0, [fact('0xmany-a'), { type: 'Consequence', data: {} }]);
    const { checkpoint } = await store.appendMany([
      { streamId: 'd-many-a', expectedVersion: 0, events: [fact('0xmany-a'), { type: 'Consequence', data: {} }] },
      { streamId: 'd-many-b', expectedVersion: 0, events: [fact('0xmany-b')] },
    ]);
    expect(checkpoint).not.toBeNull();
    expect([await typesOf('d-many-a'), await typesOf('d-many-b')]).toEqual([['Fact', 'Consequence'], ['Fact']]);
  });

  it('a fact stored by ANOTHER stream is a conflict on every path, and nothing is stored', async () => {
    await store.append('d-owner', 0, [fact('0xowned')]);
    await expect(store.append('d-thief', 0, [fact('0xowned')])).rejects.toEqual(new WrongExpectedVersionError('d-thief', 0));
    await expect(store.append('d-thief', 0, [fact('0xowned')], { reserve: [{ kind: 'probe', value: 'd-thief' }] })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(store.appendMany([{ streamId: 'd-thief', expectedVersion: 0, events: [fact('0xowned')] }])).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await typesOf('d-thief')).toEqual([]);
  });

  it('a stored fact beside a new one is a conflict (the writer decides again), on every path', async () => {
    await store.append('d-mixed', 0, [fact('0xold')]);
    const mixed = [fact('0xold'), fact('0xnew')];
    await expect(store.append('d-mixed', 1, mixed)).rejects.toEqual(new WrongExpectedVersionError('d-mixed', 1));
    await expect(store.appendMany([{ streamId: 'd-mixed', expectedVersion: 1, events: mixed }])).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await typesOf('d-mixed')).toEqual(['Fact']);
  });

  it('lastPosition: of a stream, of the store, and of what readers can read while an older transaction runs', async () => {
    await store.append('d-last', 0, [{ type: 'One', data: {} }]);
    const two = await store.append('d-last', 1, [{ type: 'Two', data: {} }]);
    expect(await store.lastPosition({ streamId: 'd-last' })).toEqual(two.checkpoint);
    expect(await store.lastPosition({ streamId: 'd-never' })).toBeNull();
    const slow = new Client({ connectionString: ctx.databaseUrl });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(`INSERT INTO events (stream_id, stream_version, event_type, data) VALUES ('d-slow', 1, 'Slow', '{}')`);
      const fast = await store.append('d-fast', 0, [{ type: 'Fast', data: {} }]);
      // Committed last: the store's last event; but readers stop below the slow transaction, still running.
      expect(await store.lastPosition()).toEqual(fast.checkpoint);
      const readable = await store.lastPosition({ readable: true });
      expect(readable!.transactionId < fast.checkpoint!.transactionId).toBe(true);
    } finally {
      await slow.query('ROLLBACK');
      await slow.end();
    }
  });
});
