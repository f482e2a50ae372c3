import { formatCent } from '@/lib/money';
import { ALL_CATEGORIES, REWARD_MAX, REWARD_MIN } from './constants';
import { DEFAULT_FILTERS, type TaskFilters } from './filters';

/** One visible, removable filter: its text and what removing it changes. */
export interface FilterChip {
  key: 'search' | 'category' | 'reward' | 'available';
  label: string;
  clear: Partial<TaskFilters>;
}

/** The reward range as a person reads it: "Reward: 30–300 CENTS", "Reward: from 30 CENTS", "Reward: up to 300 CENTS". */
function rewardLabel(min: number, max: number): string {
  if (min !== REWARD_MIN && max !== REWARD_MAX) return `Reward: ${formatCent(min)}–${formatCent(max)} CENTS`;
  if (min !== REWARD_MIN) return `Reward: from ${formatCent(min)} CENTS`;
  return `Reward: up to ${formatCent(max)} CENTS`;
}

/**
 * Every filter that hides tasks, as a chip (issue 21: a reward range or "available only" gave "0 tasks found"
 * with nothing on screen saying why). Available-only is on by default and still hides tasks, so it has a chip.
 */
export function activeFilterChips(f: TaskFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.search.trim()) chips.push({ key: 'search', label: `Search: ${f.search.trim()}`, clear: { search: '' } });
  if (f.category !== ALL_CATEGORIES) chips.push({ key: 'category', label: f.category, clear: { category: ALL_CATEGORIES } });
  if (f.minReward !== REWARD_MIN || f.maxReward !== REWARD_MAX) {
    chips.push({ key: 'reward', label: rewardLabel(f.minReward, f.maxReward), clear: { minReward: REWARD_MIN, maxReward: REWARD_MAX } });
  }
  if (f.available) chips.push({ key: 'available', label: 'Available only', clear: { available: false } });
  return chips;
}

/** How many of the Advanced Filters sheet's filters are on (the count on the Filters button). */
export function sheetFilterCount(f: TaskFilters): number {
  return (f.minReward !== REWARD_MIN || f.maxReward !== REWARD_MAX ? 1 : 0) + (f.available ? 1 : 0);
}

/** "Clear all": every task shows again (search, category, reward range and available-only all off; sort kept). */
export function clearedFilters(f: TaskFilters): TaskFilters {
  return { ...DEFAULT_FILTERS, sort: f.sort, available: false };
}
