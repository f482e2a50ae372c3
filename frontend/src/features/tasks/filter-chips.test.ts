import { describe, expect, it } from 'vitest';
import { activeFilterChips, clearedFilters, sheetFilterCount } from './filter-chips';
import { DEFAULT_FILTERS } from './filters';
import { parseReward, rangeFromScale, rangeOnScale, sliderScale } from './reward-range';

describe('filter chips: every active filter is visible and removable', () => {
  it('shows "Available only" by default and nothing else; counts it on the Filters button', () => {
    expect(activeFilterChips(DEFAULT_FILTERS).map((c) => c.label)).toEqual(['Available only']);
    expect(sheetFilterCount(DEFAULT_FILTERS)).toBe(1);
    expect(sheetFilterCount({ ...DEFAULT_FILTERS, available: false })).toBe(0);
  });

  it('words each filter and what removing it resets', () => {
    const f = { ...DEFAULT_FILTERS, search: ' logo ', category: 'Design', minReward: 30, maxReward: 300 };
    expect(activeFilterChips(f)).toEqual([
      { key: 'search', label: 'Search: logo', clear: { search: '' } },
      { key: 'category', label: 'Design', clear: { category: 'All Categories' } },
      { key: 'reward', label: 'Reward: 30–300 CENTS', clear: { minReward: 0, maxReward: 100000 } },
      { key: 'available', label: 'Available only', clear: { available: false } },
    ]);
    expect(sheetFilterCount(f)).toBe(2);
    expect(activeFilterChips({ ...DEFAULT_FILTERS, minReward: 1 })[0].label).toBe('Reward: from 1 CENTS');
    expect(activeFilterChips({ ...DEFAULT_FILTERS, maxReward: 99_999 })[0].label).toBe('Reward: up to 99,999 CENTS');
  });

  it('"Clear all" shows every task again and keeps the sort', () => {
    const f = { search: 'x', category: 'Design', sort: 'deadline' as const, minReward: 5, maxReward: 6, available: true };
    expect(activeFilterChips(clearedFilters(f))).toEqual([]);
    expect(clearedFilters(f).sort).toBe('deadline');
  });
});

describe('reward range: the slider fits the rewards that exist', () => {
  it('scales to the listed rewards (30–300 pays in steps of 5, not 0–100,000 in steps of 100)', () => {
    expect(sliderScale({ min: 30, max: 300 })).toEqual({ min: 30, max: 300, step: 5 });
    expect(sliderScale({ min: 1, max: 100 })).toEqual({ min: 1, max: 100, step: 1 });
    expect(sliderScale({ min: 0, max: 100_000 })).toEqual({ min: 0, max: 100_000, step: 500 });
    expect(sliderScale({ min: 50, max: 50 })).toEqual({ min: 50, max: 51, step: 1 });
    expect(sliderScale({ min: 100_000, max: 100_000 })).toEqual({ min: 99_999, max: 100_000, step: 1 });
    expect(sliderScale(null)).toEqual({ min: 0, max: 100_000, step: 100 });
  });

  it('maps an open end to the scale end and back, so an untouched slider is no filter', () => {
    const s = sliderScale({ min: 30, max: 300 });
    expect(rangeOnScale(0, 100_000, s)).toEqual([30, 300]);
    expect(rangeFromScale([30, 300], s)).toEqual({ minReward: 0, maxReward: 100_000 });
    expect(rangeFromScale([50, 200], s)).toEqual({ minReward: 50, maxReward: 200 });
    expect(rangeOnScale(5000, 9, s)).toEqual([300, 30]);
  });

  it('reads typed rewards as whole CENT within 0–100,000', () => {
    expect(parseReward('250')).toBe(250);
    expect(parseReward(' 0 ')).toBe(0);
    expect(parseReward('100001')).toBe(100_000);
    expect(parseReward('1.5')).toBeNull();
    expect(parseReward('-3')).toBeNull();
    expect(parseReward('')).toBeNull();
  });
});
