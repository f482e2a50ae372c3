/** Spec part 1 §3: categories offered when creating a task. */
export const TASK_CATEGORIES = ['Content', 'Development', 'Design', 'Marketing', 'Research', 'Social Media', 'Testing', 'Translation', 'Other'] as const;

/** Spec part 2 §9: the browser's category filter (adds Reviews and Referral, and "All Categories"). */
export const ALL_CATEGORIES = 'All Categories';
export const FILTER_CATEGORIES = [
  ALL_CATEGORIES, 'Content', 'Development', 'Design', 'Marketing', 'Research', 'Social Media', 'Testing', 'Translation', 'Reviews', 'Referral', 'Other',
] as const;

export const SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'reward-high', label: 'Highest Reward' },
  { value: 'reward-low', label: 'Lowest Reward' },
  { value: 'deadline', label: 'Deadline Soon' },
] as const;
export type SortValue = (typeof SORTS)[number]['value'];

export const SUBMISSION_TYPE_LABELS = { text: 'Text', link: 'Link or URL', file: 'File Upload', mixed: 'Multiple formats' } as const;

export const REWARD_MIN = 0;
export const REWARD_MAX = 100_000;
export const PAGE_SIZE = 24;
export const FEATURED_COUNT = 6;
