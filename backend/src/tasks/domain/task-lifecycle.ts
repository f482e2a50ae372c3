import { badRequest, conflict, forbidden } from '../../common/domain-error';
import { escrowAmount } from '../../common/money';
import { DEFAULT_REVIEW_CLOSE_MARGIN_SECONDS, DEFAULT_REVIEW_WINDOW_SECONDS, deadlineSeconds, reviewTimes } from './task-escrow-terms';
import { TaskCreatedData, TaskEvents as T } from './task.events';
import { createTaskProblem } from './task-bounds';
import { MESSAGES, Reviewer } from './task.messages';
import { Evolver, Raised, TaskState } from './task.state';

/** Task lifecycle: creation, publishing, and when review closes. */
export const lifecycleEvolvers: Record<string, Evolver> = {
  [T.TaskCreated]: (s, d: TaskCreatedData) => ({
    ...s,
    creatorId: d.creatorId,
    reward: d.reward,
    maxCompletions: d.maxCompletions,
    deadline: Date.parse(d.deadline),
    isActive: d.isActive,
    submissionType: d.submissionType,
    chainId: d.chainId,
    escrowAmount: d.escrowAmount,
    reviewWindowSeconds: d.reviewWindowSeconds ?? DEFAULT_REVIEW_WINDOW_SECONDS,
    reviewCloseMarginSeconds: d.reviewCloseMarginSeconds ?? DEFAULT_REVIEW_CLOSE_MARGIN_SECONDS,
  }),
  [T.TaskActivated]: (s) => ({ ...s, isActive: true }),
  [T.TaskDeactivated]: (s) => ({ ...s, isActive: false }),
};

export type CreateTaskFields = Omit<TaskCreatedData, 'taskId' | 'escrowAmount' | 'createdAt'>;

export function decideCreate(exists: boolean, taskId: number, input: CreateTaskFields, now: Date): Raised[] {
  if (exists) throw conflict(`Task ${taskId} exists already`);
  const problem = createTaskProblem(input, now);
  if (problem) throw badRequest(problem);
  const data: TaskCreatedData = {
    ...input,
    taskId,
    escrowAmount: escrowAmount(input.reward, input.maxCompletions).toString(),
    createdAt: now.toISOString(),
  };
  return [{ type: T.TaskCreated, data }];
}

export function decideSetActive(s: TaskState, taskId: number, actor: Reviewer, isActive: boolean): Raised[] {
  if (actor.id !== s.creatorId && !actor.isAdmin) throw forbidden(MESSAGES.notCreator);
  if (s.isActive === isActive) return [];
  return [{ type: isActive ? T.TaskActivated : T.TaskDeactivated, data: { taskId } }];
}

/** Until when approvals are accepted, and from when the escrow can be refunded (task-escrow-terms.ts). */
export function reviewTimesOf(s: TaskState): { reviewUntil: Date; refundableAt: Date } {
  return reviewTimes(deadlineSeconds(s.deadline), s.reviewWindowSeconds, s.reviewCloseMarginSeconds);
}
