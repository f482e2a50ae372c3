export const CATEGORIES = [
  'Content', 'Development', 'Design', 'Marketing', 'Research', 'Social Media', 'Testing', 'Translation', 'Other',
] as const;
/** The browser's filter list also names these (spec part 2 §9); tasks may carry them too. */
export const FILTER_ONLY_CATEGORIES = ['Reviews', 'Referral'] as const;
export const ALL_CATEGORIES = [...CATEGORIES, ...FILTER_ONLY_CATEGORIES] as const;
export type Category = (typeof ALL_CATEGORIES)[number];

export const SUBMISSION_TYPES = ['text', 'link', 'file', 'mixed'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

/**
 * The bounds of a new task, checked at the edge (dto/create-task.dto.ts) and again in the aggregate
 * (aggregate/task-bounds.ts). Numbers are the spec's (part 1 §9); text lengths ours (the spec sets none);
 * the deadline at most 365 days ahead is ours too: it keeps every derived date (review until, refundable
 * at) years inside what PostgreSQL and JavaScript handle, and an escrow locked longer helps nobody.
 */
export const LIMITS = {
  reward: { min: 1, max: 100_000 },
  maxCompletions: { min: 1, max: 100 },
  estimatedTime: { min: 1, max: 480 },
  title: { maxLength: 300 },
  description: { maxLength: 10_000 },
  requirements: { maxLength: 10_000 },
  deadlineAheadSeconds: 365 * 24 * 3600,
  /** The escrow's review window (configuration) is bounded like the deadline. */
  reviewWindowSeconds: { max: 365 * 24 * 3600 },
} as const;

/** What POST /api/tasks (and the aggregate) answer when a field is out of its bounds. */
export const CREATE_TASK_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title is at most 300 characters',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description is at most 10,000 characters',
  requirementsRequired: 'Requirements are required',
  requirementsTooLong: 'Requirements are at most 10,000 characters',
  categoryRequired: 'Category is required',
  categoryInvalid: `Category must be one of: ${CATEGORIES.join(', ')}`,
  submissionTypeRequired: 'Submission type is required',
  submissionTypeInvalid: `Submission type must be one of: ${SUBMISSION_TYPES.join(', ')}`,
  rewardInvalid: 'Reward must be a positive whole number',
  rewardMax: 'Maximum 100,000 CENTS',
  maxCompletionsInvalid: 'Max completions must be a positive whole number',
  maxCompletionsMax: 'Maximum 100 completions',
  estimatedTimeInvalid: 'Estimated time must be a positive whole number of minutes',
  estimatedTimeMax: 'Maximum 8 hours (480 minutes)',
  deadlineRequired: 'Deadline is required (a date and time in the future)',
  deadlinePast: 'Deadline must be in the future',
  deadlineTooFar: 'Deadline must be at most one year (365 days) ahead',
  isActiveInvalid: 'isActive must be true or false',
  reviewWindowInvalid: 'Review window must be a whole number of seconds up to one year',
} as const;

/** anomaly: not funded, and at least one funding of this task id did not match its terms (see `funding.anomalies`). */
export type FundingStatus = 'awaiting_funding' | 'funded' | 'refunded' | 'anomaly';
/**
 * changes_requested: the reviewer asked for a revision (the slot is held until it is resubmitted or its time
 * runs out); appealed: a rejection the earner appealed, waiting for an admin (it holds a free slot).
 */
export type SubmissionStatus = 'pending' | 'approved' | 'rejected' | 'changes_requested' | 'appealed';
/** requested: waiting for the worker; sent: tx broadcast; released: RewardReleased seen on chain. */
export type PayoutStatus = 'requested' | 'sent' | 'released' | 'failed';
