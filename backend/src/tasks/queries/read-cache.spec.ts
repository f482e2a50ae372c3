import { ReadCache } from './read-cache';

const at = (n: number) => ({ transactionId: BigInt(n), position: BigInt(n) });

describe('ReadCache', () => {
  it('answers from memory while the read models stay where they were, and reloads once they move', async () => {
    const cache = new ReadCache<number>(10, 60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', at(1), load)).toBe(1);
    expect(await cache.get('k', at(1), load)).toBe(1);
    expect(await cache.get('k', at(2), load)).toBe(2); // the projections applied something
    expect(await cache.get('k', at(1), load)).toBe(3); // a rebuild moved them back: still not the same
    expect(await cache.get('other', at(1), load)).toBe(4);
  });

  it('expires entries after the TTL, shares one query between concurrent misses and forgets failures', async () => {
    const cache = new ReadCache<number>(10, 20);
    let loads = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const [a, b] = await Promise.all([cache.get('k', at(1), slow), cache.get('k', at(1), slow)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await new Promise((r) => setTimeout(r, 30));
    expect(await cache.get('k', at(1), slow)).toBe(2);
    await expect(cache.get('bad', at(1), () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', at(1), async () => 42)).toBe(42);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new ReadCache<string>(2, 60_000);
    const load = (v: string) => async () => v;
    await cache.get('a', at(1), load('a1'));
    await cache.get('b', at(1), load('b1'));
    await cache.get('a', at(1), load('a2')); // a is now the most recently used
    await cache.get('c', at(1), load('c1')); // evicts b
    expect(await cache.get('a', at(1), load('a3'))).toBe('a1');
    expect(await cache.get('b', at(1), load('b2'))).toBe('b2');
  });
});
