import { ReadCache } from './read-cache';

const value = <V>(v: V) => ({ value: v });

describe('ReadCache', () => {
  it('answers from memory until an invalidation names the entry, and only that entry', async () => {
    const cache = new ReadCache<number, string>(10, 60_000);
    let loads = 0;
    const load = async () => value(++loads);
    expect(await cache.get('a', 'red', load)).toBe(1);
    expect(await cache.get('b', 'blue', load)).toBe(2);
    expect(await cache.get('a', 'red', load)).toBe(1);
    cache.invalidate((tag) => tag === 'blue');
    expect(await cache.get('a', 'red', load)).toBe(1);
    expect(await cache.get('b', 'blue', load)).toBe(3);
    cache.invalidate((_tag, answer) => answer === 1); // by what the answer holds
    expect(await cache.get('a', 'red', load)).toBe(4);
    cache.clear();
    expect(await cache.get('b', 'blue', load)).toBe(5);
  });

  it('a revision that comes while the query runs is applied to its answer: the readers before it get the answer, those after the revised one', async () => {
    const cache = new ReadCache<string, string>(10, 60_000);
    let release!: () => void;
    let asked = 0;
    const load = () => (asked++, new Promise<{ value: string }>((r) => (release = () => r(value('before the write')))));
    const first = cache.get('k', 'tag', load);
    cache.revise((_tag, answer) => `${answer}, revised`);
    cache.revise((_tag, answer) => `${answer} twice`);
    const second = cache.get('k', 'tag', load);
    release();
    expect([await first, await second, asked]).toEqual(['before the write', 'before the write, revised twice', 1]);
    expect(await cache.get('k', 'tag', load)).toBe('before the write, revised twice');
  });

  it('a revision that finds the answer stale once it comes has the query asked again for the readers after it, once', async () => {
    const cache = new ReadCache<string, string>(10, 60_000);
    const answers = ['before the write', 'after'];
    const releases: Array<() => void> = [];
    const load = () => new Promise<{ value: string }>((r) => releases.push(() => r(value(answers[releases.length - 1] ?? 'later'))));
    const first = cache.get('k', 'tag', load);
    cache.invalidate((_tag, answer) => answer === 'before the write');
    cache.invalidate(() => false); // a second change meanwhile joins the same wait: no second query
    const second = cache.get('k', 'tag', load);
    const third = cache.get('k', 'tag', load);
    releases[0]();
    expect(await first).toBe('before the write'); // whoever asked before the write gets that answer
    await new Promise((r) => setImmediate(r));
    expect(releases.length).toBe(2);
    releases[1]();
    expect([await second, await third]).toEqual(['after', 'after']);
  });

  it('a revision whose tag alone says the answer will be stale drops a running entry at once: the readers after it ask anew without waiting', async () => {
    const cache = new ReadCache<string, string>(10, 60_000);
    const releases: Array<(v: string) => void> = [];
    const load = () => new Promise<{ value: string }>((r) => releases.push((v) => r(value(v))));
    const first = cache.get('k', 'doomed', load);
    const kept = cache.get('o', 'other', load);
    cache.revise((_tag, answer) => `${answer}, revised`, (tag) => tag === 'doomed');
    const second = cache.get('k', 'doomed', load);
    expect(releases.length).toBe(3); // asked again at once; the other entry waits for its answer
    releases[2]('after the write');
    expect(await second).toBe('after the write');
    releases[0]('before the write');
    releases[1]('other');
    expect([await first, await kept, await cache.get('o', 'other', load)]).toEqual(['before the write', 'other', 'other, revised']);
  });

  it('a revision may wait for a read already under way before it revises an answer still to come', async () => {
    const cache = new ReadCache<string, string>(10, 60_000);
    let answer!: (v: string) => void;
    const first = cache.get('k', 'tag', () => new Promise((r) => (answer = (v) => r(value(v)))));
    let fresh!: (v: string) => void;
    const read = new Promise<string>((r) => (fresh = r));
    cache.reviseLater(() => null, async (_tag, a) => `${a} + ${await read}`);
    const second = cache.get('k', 'tag', async () => value('asked again'));
    answer('page');
    await new Promise((r) => setImmediate(r));
    fresh('fresh row');
    expect([await first, await second]).toEqual(['page', 'page + fresh row']);
  });

  /** A load that answers when told to; `asked` holds one answer function per time it was asked. */
  const controlled = <V>() => {
    const asked: Array<(v: V) => void> = [];
    const load = () => new Promise<{ value: V }>((resolve) => asked.push((v) => resolve(value(v))));
    return { load, asked };
  };
  const flush = () => new Promise((r) => setImmediate(r));

  it('dropWhere: a query under way whose tag the change cannot reach goes on, shared by the readers before and after it', async () => {
    const cache = new ReadCache<string, string>(10, 60_000);
    const q = controlled<string>();
    const before = cache.get('k', 'mine', q.load);
    const other = cache.get('o', 'other', q.load);
    cache.dropWhere((tag) => tag === 'other');
    const after = cache.get('k', 'mine', q.load);
    expect(q.asked).toHaveLength(2);
    q.asked[0]('counted');
    q.asked[1]('before the write');
    expect([await before, await after, await other]).toEqual(['counted', 'counted', 'before the write']);
    // The reached one is asked again (its count may predate the write), the other is still remembered.
    const again = cache.get('o', 'other', q.load);
    expect(q.asked).toHaveLength(3);
    q.asked[2]('after');
    expect([await again, await cache.get('k', 'mine', q.load)]).toEqual(['after', 'counted']);
  });

  it('keepIf: checks start at once, running entries included; readers after a check wait for it; a failed one asks again', async () => {
    const cache = new ReadCache<number, string>(10, 60_000);
    const q = controlled<number>();
    await (async () => {
      const settled = cache.get('s', 'settled', q.load);
      q.asked[0](1);
      await settled;
    })();
    const running = cache.get('r', 'running', q.load);
    const checks: Array<{ tag: string; answer: (keep: boolean) => void }> = [];
    const check = (tag: string) => new Promise<boolean>((r) => checks.push({ tag, answer: r }));
    cache.keepIf((tag) => (tag === 'none' ? null : check(tag)));
    cache.keepIf((tag) => check(tag));
    // Both changes' checks of both entries are under way before any answer came.
    expect(checks.map((c) => c.tag)).toEqual(['settled', 'running', 'settled', 'running']);
    const settledAfter = cache.get('s', 'settled', q.load);
    const runningAfter = cache.get('r', 'running', q.load);
    let done = 0;
    void settledAfter.then(() => done++);
    checks[0].answer(true);
    await flush();
    expect(done).toBe(0); // the second check of it is still out
    checks[2].answer(true);
    expect(await settledAfter).toBe(1);
    q.asked[1](2);
    expect(await running).toBe(2); // its readers from before the changes get the count
    checks[1].answer(true);
    checks[3].answer(false);
    await flush();
    expect(q.asked).toHaveLength(3); // asked again for the readers after the second change
    q.asked[2](3);
    expect(await runningAfter).toBe(3);
    expect([await cache.get('s', 'settled', q.load), await cache.get('r', 'running', q.load), q.asked.length]).toEqual([1, 3, 3]);
    // A check that fails: its readers get the error, the next reader asks again.
    cache.keepIf(() => Promise.reject(new Error('db down')));
    await expect(cache.get('s', 'settled', q.load)).rejects.toThrow('db down');
    const fresh = cache.get('s', 'settled', q.load);
    q.asked[3](4);
    expect(await fresh).toBe(4);
  });

  it('expires entries after the TTL or at their own validUntil, shares one query between concurrent misses and forgets failures', async () => {
    // The clock is the test's: expiries of 10-40 ms measured on a busy machine's real clock pass by themselves.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const cache = new ReadCache<number, null>(10, 40);
      let loads = 0;
      const slow = () => new Promise<{ value: number }>((r) => setTimeout(() => r(value(++loads)), 5));
      const both = Promise.all([cache.get('k', null, slow), cache.get('k', null, slow)]);
      await jest.advanceTimersByTimeAsync(5);
      expect([...(await both), loads]).toEqual([1, 1, 1]);
      await jest.advanceTimersByTimeAsync(34); // 39 ms after the load started: still the first answer
      expect(await cache.get('k', null, slow)).toBe(1);
      await jest.advanceTimersByTimeAsync(1); // 40 ms: the TTL is over
      const reloaded = cache.get('k', null, slow);
      await jest.advanceTimersByTimeAsync(5);
      expect(await reloaded).toBe(2);
      expect(await cache.get('soon', null, async () => ({ value: 7, validUntil: Date.now() + 10 }))).toBe(7);
      await jest.advanceTimersByTimeAsync(9);
      expect(await cache.get('soon', null, async () => value(8))).toBe(7);
      await jest.advanceTimersByTimeAsync(1); // its own validUntil has come, well before the TTL
      expect(await cache.get('soon', null, async () => value(9))).toBe(9);
      await expect(cache.get('bad', null, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
      expect(await cache.get('bad', null, async () => value(42))).toBe(42);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new ReadCache<string, null>(2, 60_000);
    const load = (v: string) => async () => value(v);
    await cache.get('a', null, load('a1'));
    await cache.get('b', null, load('b1'));
    await cache.get('a', null, load('a2')); // a is now the most recently used
    await cache.get('c', null, load('c1')); // evicts b
    expect(await cache.get('a', null, load('a3'))).toBe('a1');
    expect(await cache.get('b', null, load('b2'))).toBe('b2');
    expect(cache.size).toBe(2);
  });
});
