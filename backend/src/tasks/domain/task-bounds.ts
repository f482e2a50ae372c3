import { ALL_CATEGORIES, CREATE_TASK_MESSAGES as M, LIMITS, SUBMISSION_TYPES } from './task.constants';
import type { CreateTaskFields } from './task-lifecycle';
import { REVIEW_DEADLINE_MESSAGES, REVIEW_WITHIN_HOURS } from './task-review-deadline';

const wholeIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isWhole = (v: unknown) => typeof v === 'number' && Number.isInteger(v);

function numberProblem(v: unknown, limits: { min: number; max: number }, invalid: string, tooBig: string): string | null {
  if (!isWhole(v) || (v as number) < limits.min) return invalid;
  return (v as number) > limits.max ? tooBig : null;
}

function textProblem(v: unknown, maxLength: number, required: string, tooLong: string): string | null {
  if (typeof v !== 'string' || v.trim() === '') return required;
  return v.length > maxLength ? tooLong : null;
}

/**
 * The first field of a new task that is out of its bounds (task.constants.ts LIMITS), as the message the
 * API answers; null when all are in. The aggregate's own check: whatever the edge let through (another
 * caller, a later change), no task outside them is ever recorded, so no read model meets one.
 */
export function createTaskProblem(input: CreateTaskFields, now: Date): string | null {
  const deadline = typeof input.deadline === 'string' ? Date.parse(input.deadline) : Number.NaN;
  const window = input.reviewWindowSeconds;
  const margin = input.reviewCloseMarginSeconds;
  const checks: Array<() => string | null> = [
    () => textProblem(input.title, LIMITS.title.maxLength, M.titleRequired, M.titleTooLong),
    () => textProblem(input.description, LIMITS.description.maxLength, M.descriptionRequired, M.descriptionTooLong),
    () => textProblem(input.requirements, LIMITS.requirements.maxLength, M.requirementsRequired, M.requirementsTooLong),
    () => ((ALL_CATEGORIES as readonly string[]).includes(input.category) ? null : M.categoryInvalid),
    () => ((SUBMISSION_TYPES as readonly string[]).includes(input.submissionType) ? null : M.submissionTypeInvalid),
    () => numberProblem(input.reward, LIMITS.reward, M.rewardInvalid, M.rewardMax),
    () => numberProblem(input.maxCompletions, LIMITS.maxCompletions, M.maxCompletionsInvalid, M.maxCompletionsMax),
    () => numberProblem(input.estimatedTime, LIMITS.estimatedTime, M.estimatedTimeInvalid, M.estimatedTimeMax),
    () => (typeof input.isActive === 'boolean' ? null : M.isActiveInvalid),
    () => (Number.isFinite(deadline) ? null : M.deadlineRequired),
    () => (deadline > now.getTime() ? null : M.deadlinePast),
    () => (deadline <= now.getTime() + LIMITS.deadlineAheadSeconds * 1000 ? null : M.deadlineTooFar),
    () =>
      (window === undefined || wholeIn(window, 0, LIMITS.reviewWindowSeconds.max)) &&
      (margin === undefined || wholeIn(margin, 0, window ?? LIMITS.reviewWindowSeconds.max))
        ? null
        : M.reviewWindowInvalid,
    () =>
      input.reviewWithinSeconds === undefined ||
      (wholeIn(input.reviewWithinSeconds, REVIEW_WITHIN_HOURS.min * 3600, REVIEW_WITHIN_HOURS.max * 3600) && input.reviewWithinSeconds % 3600 === 0)
        ? null
        : REVIEW_DEADLINE_MESSAGES.reviewWithinInvalid,
  ];
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
}
