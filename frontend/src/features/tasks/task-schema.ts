import { bool, number, object, string } from 'yup';
import type { NewTask } from './api';

/** Spec part 1 §5 "Task form" (validated on blur; number fields are coerced from text). */
export const TASK_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  requirementsRequired: 'Requirements are required',
  categoryRequired: 'Category is required',
  submissionTypeRequired: 'Submission type is required',
  rewardMax: 'Maximum 100,000 CENTS',
  maxCompletionsMax: 'Maximum 100 completions',
  estimatedTimeMax: 'Maximum 8 hours (480 minutes)',
  deadlineRequired: 'Deadline is required',
  deadlineFuture: 'Deadline must be in the future',
  deadlineTooFar: 'Deadline must be at most one year (365 days) ahead',
  reviewWithinInvalid: 'Auto-approve after must be a whole number of hours from 1 to 720 (30 days)',
} as const;

/** "Auto-approve after" (hours): the server's bounds (backend/src/tasks/domain/task-review-deadline.ts). */
export const REVIEW_WITHIN_HOURS = { default: 72, min: 1, max: 720 } as const;

/** The server refuses deadlines more than 365 days ahead (backend/src/tasks/domain/task.constants.ts LIMITS). */
const DEADLINE_AHEAD_MS = 365 * 24 * 3600 * 1000;

const wholeNumber = (label: string, max: number, maxMessage: string) =>
  number()
    .transform((value, original) => (typeof original === 'string' && original.trim() === '' ? undefined : value))
    .typeError(`${label} must be a number`)
    .required(`${label} is required`)
    .integer(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(max, maxMessage);

export interface TaskFormValues {
  title: string;
  description: string;
  requirements: string;
  category: string;
  submissionType: string;
  reward: number | string;
  maxCompletions: number | string;
  estimatedTime: number | string;
  deadline: string; // yyyy-mm-dd (a date input)
  reviewWithinHours: number | string;
  isActive: boolean;
}

/** The last moment of a yyyy-mm-dd day in the viewer's time zone. */
export function endOfDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59);
}

export const taskSchema = object({
  title: string().trim().required(TASK_MESSAGES.titleRequired),
  description: string().trim().required(TASK_MESSAGES.descriptionRequired),
  requirements: string().trim().required(TASK_MESSAGES.requirementsRequired),
  category: string().required(TASK_MESSAGES.categoryRequired),
  submissionType: string().required(TASK_MESSAGES.submissionTypeRequired),
  reward: wholeNumber('Reward', 100_000, TASK_MESSAGES.rewardMax),
  maxCompletions: wholeNumber('Max completions', 100, TASK_MESSAGES.maxCompletionsMax),
  estimatedTime: wholeNumber('Estimated time', 480, TASK_MESSAGES.estimatedTimeMax),
  deadline: string()
    .required(TASK_MESSAGES.deadlineRequired)
    .test('future', TASK_MESSAGES.deadlineFuture, (v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && endOfDay(v).getTime() > Date.now()))
    .test('within-a-year', TASK_MESSAGES.deadlineTooFar, (v) => !v || !/^\d{4}-\d{2}-\d{2}$/.test(v) || endOfDay(v).getTime() <= Date.now() + DEADLINE_AHEAD_MS),
  reviewWithinHours: number()
    .transform((value, original) => (typeof original === 'string' && original.trim() === '' ? undefined : value))
    .typeError(TASK_MESSAGES.reviewWithinInvalid)
    .required(TASK_MESSAGES.reviewWithinInvalid)
    .integer(TASK_MESSAGES.reviewWithinInvalid)
    .min(REVIEW_WITHIN_HOURS.min, TASK_MESSAGES.reviewWithinInvalid)
    .max(REVIEW_WITHIN_HOURS.max, TASK_MESSAGES.reviewWithinInvalid),
  isActive: bool(),
});

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Spec defaults (reward 50, max 5, 30 minutes, type text, category Content, active) plus a deadline in 14 days. */
export function taskDefaults(now = new Date()): TaskFormValues {
  return {
    title: '',
    description: '',
    requirements: '',
    category: 'Content',
    submissionType: 'text',
    reward: 50,
    maxCompletions: 5,
    estimatedTime: 30,
    deadline: isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 14)),
    reviewWithinHours: REVIEW_WITHIN_HOURS.default,
    isActive: true,
  };
}

export const minDeadline = (now = new Date()) => isoDay(now);
/** The last day whose end is still within 365 days of now (the date input's `max`). */
export const maxDeadline = (now = new Date()) => isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 364));

/** Form values (already validated) -> POST /api/tasks body. */
export function toNewTask(v: TaskFormValues): NewTask {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    requirements: v.requirements.trim(),
    // The form's selects offer only the backend's values (constants.ts); the backend checks them again.
    category: v.category as NewTask['category'],
    submissionType: v.submissionType as NewTask['submissionType'],
    reward: Number(v.reward),
    maxCompletions: Number(v.maxCompletions),
    estimatedTime: Number(v.estimatedTime),
    deadline: endOfDay(v.deadline).toISOString(),
    reviewWithinHours: Number(v.reviewWithinHours),
    isActive: v.isActive,
  };
}
