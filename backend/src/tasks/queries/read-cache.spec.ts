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

  /** A load that answers when told to, counting how often it was asked. */
  const controlled = <V>() => {
    const asked: Array<(v: V) => void> = [];
    const fails: Array<(e: Error) => void> = [];
    const load = () => new Promise<{ value: V }>((resolve, reject) => {
      asked.push((v) => resolve(value(v)));
      fails.push(reject);
    });
    return { load, asked, fails };
  };
  const flush = () => new Promise((r) => setImmediate(r));

  it('keeps a running query that a change does not touch: readers before and after the change share it', async () => {
    const cache = new ReadCache<string, string>(10, 60_000);
    const q = controlled<string>();
    const before = cache.get('k', 'tag', q.load);
    cache.invalidate((tag) => tag !== 'tag');
    cache.revise((_tag, answer) => answer);
    const after = cache.get('k', 'tag', q.load);
    expect(q.asked).toHaveLength(1);
    q.asked[0]('the answer');
    expect([await before, await after]).toEqual(['the answer', 'the answer']);
    expect(await cache.get('k', 'tag', q.load)).toBe('the answer');
    expect(q.asked).toHaveLength(1);
  });

  it('a change that makes a running query stale asks again once it comes, for the readers after the change', async () => {
    const cache = new ReadCache<string, string>(10, 60_000);
    const q = controlled<string>();
    const before = cache.get('k', 'tag', q.load);
    cache.invalidate((_tag, answer) => answer === 'before the write');
    const after = cache.get('k', 'tag', q.load);
    q.asked[0]('before the write');
    await flush();
    expect(q.asked).toHaveLength(2);
    q.asked[1]('after');
    // Whoever asked before the write may get the answer from before it; whoever asked after it may not.
    expect([await before, await after]).toEqual(['before the write', 'after']);
    expect(await cache.get('k', 'tag', q.load)).toBe('after');
    expect(q.asked).toHaveLength(2);
  });

  it('revisions of a running query apply in order once its answer comes, for the readers after them', async () => {
    const cache = new ReadCache<number, string>(10, 60_000);
    const q = controlled<number>();
    const before = cache.get('k', 'tag', q.load);
    cache.revise((_tag, n) => n + 1);
    cache.reviseLater((_tag, n) => Promise.resolve(n * 10));
    cache.revise((_tag, n) => n + 2);
    const after = cache.get('k', 'tag', q.load);
    q.asked[0](1);
    expect([await before, await after]).toEqual([1, 22]);
    expect(await cache.get('k', 'tag', q.load)).toBe(22);
    expect(q.asked).toHaveLength(1);
  });

  it('a running query that fails: its readers get the error, revisions after it are skipped, the next reader asks again', async () => {
    const cache = new ReadCache<number, string>(10, 60_000);
    const q = controlled<number>();
    const before = cache.get('k', 'tag', q.load);
    let revised = 0;
    cache.revise((_tag, n) => (revised++, n));
    q.fails[0](new Error('db down'));
    await expect(before).rejects.toThrow('db down');
    expect(revised).toBe(0);
    const next = cache.get('k', 'tag', q.load);
    q.asked[1](5);
    expect(await next).toBe(5);
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
