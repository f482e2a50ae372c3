import { ALL_CATEGORIES, FILTER_CATEGORIES, PAGE_SIZE, REWARD_MAX, REWARD_MIN, SORTS, type SortValue } from './constants';

/** The task browser's filter state (spec part 2 §3 "Browser filter state"), kept in the URL. */
export interface TaskFilters {
  search: string;
  category: string;
  sort: SortValue;
  minReward: number;
  maxReward: number;
  available: boolean;
}

export const DEFAULT_FILTERS: TaskFilters = {
  search: '',
  category: ALL_CATEGORIES,
  sort: 'newest',
  minReward: REWARD_MIN,
  maxReward: REWARD_MAX,
  available: true,
};

const clampReward = (v: string | null, fallback: number) => {
  if (v === null || !/^\d+$/.test(v)) return fallback;
  return Math.min(REWARD_MAX, Math.max(REWARD_MIN, Number(v)));
};

/** URL (?q=&category=&sort=&min=&max=&available=) -> filters; anything unknown falls back to its default. */
export function filtersFromSearch(params: URLSearchParams): TaskFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  let minReward = clampReward(params.get('min'), REWARD_MIN);
  let maxReward = clampReward(params.get('max'), REWARD_MAX);
  if (minReward > maxReward) [minReward, maxReward] = [maxReward, minReward];
  return {
    // A NUL (only a crafted link has one) can match no stored text, and the server refuses it.
    search: (params.get('q') ?? '').replaceAll('\0', '').slice(0, 200),
    category: category && (FILTER_CATEGORIES as readonly string[]).includes(category) ? category : ALL_CATEGORIES,
    sort: SORTS.some((s) => s.value === sort) ? (sort as SortValue) : 'newest',
    minReward,
    maxReward,
    available: params.get('available') !== 'false',
  };
}

/**
 * Filters -> the URL's parameters: only what differs from the defaults, so a shared default view is a
 * clean `/tasks`. Other parameters already on the URL (e.g. `id` of an open task) are kept.
 */
export function filtersToSearch(f: TaskFilters, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('q', f.search.trim() ? f.search : null);
  set('category', f.category !== ALL_CATEGORIES ? f.category : null);
  set('sort', f.sort !== 'newest' ? f.sort : null);
  set('min', f.minReward !== REWARD_MIN ? String(f.minReward) : null);
  set('max', f.maxReward !== REWARD_MAX ? String(f.maxReward) : null);
  set('available', f.available ? null : 'false');
  return next;
}

/** Filters -> GET /api/tasks parameters (the server filters, sorts and pages; backend/README.md). */
export function filtersToQuery(f: TaskFilters, cursor?: string | null, limit = PAGE_SIZE): string {
  const q = new URLSearchParams();
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.category !== ALL_CATEGORIES) q.set('category', f.category);
  q.set('sort', f.sort);
  if (f.minReward !== REWARD_MIN) q.set('minReward', String(f.minReward));
  if (f.maxReward !== REWARD_MAX) q.set('maxReward', String(f.maxReward));
  if (f.available) q.set('available', 'true');
  q.set('limit', String(limit));
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

/**
 * "Any filter active" (results line and empty state): search, category or reward range differ from the
 * defaults. Available-only is on by default and so is not, by itself, an active filter.
 */
export function hasActiveFilters(f: TaskFilters): boolean {
  return !!f.search.trim() || f.category !== ALL_CATEGORIES || f.minReward !== REWARD_MIN || f.maxReward !== REWARD_MAX || !f.available;
}

/** The base list the results line compares against: no filters but the available-only switch. */
export function baseFilters(f: TaskFilters): TaskFilters {
  return { ...DEFAULT_FILTERS, available: f.available, sort: f.sort };
}
