import { describe, expect, it } from 'vitest';
import { baseFilters, DEFAULT_FILTERS, filtersFromSearch, filtersToQuery, filtersToSearch, hasActiveFilters } from './filters';

const q = (s: string) => new URLSearchParams(s);

describe('task browser filters: URL <-> state <-> API query', () => {
  it('reads the spec defaults from an empty URL and writes them back as a clean URL', () => {
    expect(filtersFromSearch(q(''))).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toEqual({ search: '', category: 'All Categories', sort: 'newest', minReward: 0, maxReward: 100000, available: true });
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter through the URL and keeps unrelated parameters (an open task id)', () => {
    const f = { search: 'banner art', category: 'Social Media', sort: 'reward-high' as const, minReward: 100, maxReward: 2500, available: false };
    const url = filtersToSearch(f, q('id=7'));
    expect(url.toString()).toBe('id=7&q=banner+art&category=Social+Media&sort=reward-high&min=100&max=2500&available=false');
    expect(filtersFromSearch(url)).toEqual(f);
  });

  it('falls back to defaults for unknown or malformed values and orders a reversed range', () => {
    expect(filtersFromSearch(q('category=Nope&sort=cheapest&min=-5&max=abc&available=maybe'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch(q('min=900&max=100'))).toMatchObject({ minReward: 100, maxReward: 900 });
    expect(filtersFromSearch(q('max=999999999'))).toMatchObject({ maxReward: 100000 });
    expect(filtersFromSearch(q('q=ban%00ner'))).toMatchObject({ search: 'banner' });
  });

  it('turns the state into the server parameters: only real filters, sort always, 24 a page, the cursor', () => {
    expect(filtersToQuery(DEFAULT_FILTERS)).toBe('sort=newest&available=true&limit=24');
    expect(filtersToQuery({ ...DEFAULT_FILTERS, search: '  bug ', category: 'Development', minReward: 100, available: false }, 'abc123')).toBe(
      'search=bug&category=Development&sort=newest&minReward=100&limit=24&cursor=abc123',
    );
    expect(filtersToQuery(DEFAULT_FILTERS, null, 1)).toBe('sort=newest&available=true&limit=1');
  });

  it('counts search, category, reward range and a switched-off available flag as active filters', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: '   ' })).toBe(false);
    for (const change of [{ search: 'x' }, { category: 'Design' }, { minReward: 100 }, { maxReward: 5000 }, { available: false }]) {
      expect(hasActiveFilters({ ...DEFAULT_FILTERS, ...change })).toBe(true);
    }
    expect(baseFilters({ ...DEFAULT_FILTERS, search: 'x', category: 'Design', available: false })).toEqual({ ...DEFAULT_FILTERS, available: false });
  });
});
