export const CATEGORIES = [
  'Content', 'Development', 'Design', 'Marketing', 'Research', 'Social Media', 'Testing', 'Translation', 'Other',
] as const;
/** The browser's filter list also names these (spec part 2 §9); tasks may carry them too. */
export const FILTER_ONLY_CATEGORIES = ['Reviews', 'Referral'] as const;
export const ALL_CATEGORIES = [...CATEGORIES, ...FILTER_ONLY_CATEGORIES] as const;
export type Category = (typeof ALL_CATEGORIES)[number];

export const SUBMISSION_TYPES = ['text', 'link', 'file', 'mixed'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const LIMITS = {
  reward: { min: 1, max: 100_000 },
  maxCompletions: { min: 1, max: 100 },
  estimatedTime: { min: 1, max: 480 },
} as const;

/** anomaly: not funded, and at least one funding of this task id did not match its terms (see `funding.anomalies`). */
export type FundingStatus = 'awaiting_funding' | 'funded' | 'refunded' | 'anomaly';
export type SubmissionStatus = 'pending' | 'approved' | 'rejected';
/** requested: waiting for the worker; sent: tx broadcast; released: RewardReleased seen on chain. */
export type PayoutStatus = 'requested' | 'sent' | 'released' | 'failed';
