import { badRequest, conflict, forbidden } from '../../common/domain-error';
import { escrowAmount } from '../../common/money';
import { TaskEvents as T } from './task.events';
import type { StoredTaskCreatedData } from './task-event-upcaster';
import { createTaskProblem } from './task-bounds';
import { MESSAGES, Reviewer } from './task.messages';
import { EvolverTable, Raised, TaskState } from './task.state';

/** Task lifecycle: creation, publishing, and when review closes. */
export const lifecycleEvolvers = {
  [T.TaskCreated]: (s, d) => ({
    ...s,
    creatorId: d.creatorId,
    reward: d.reward,
    maxCompletions: d.maxCompletions,
    deadline: Date.parse(d.deadline),
    isActive: d.isActive,
    submissionType: d.submissionType,
    chainId: d.chainId,
    escrowAmount: d.escrowAmount,
    reviewWindowSeconds: d.reviewWindowSeconds,
    reviewCloseMarginSeconds: d.reviewCloseMarginSeconds,
  }),
  [T.TaskActivated]: (s) => ({ ...s, isActive: true }),
  [T.TaskDeactivated]: (s) => ({ ...s, isActive: false }),
} satisfies EvolverTable;

/** What a new task's TaskCreated records besides its id, escrow amount and time (older callers may leave the review times to the defaults). */
export type CreateTaskFields = Omit<StoredTaskCreatedData, 'taskId' | 'escrowAmount' | 'createdAt'>;

export function decideCreate(exists: boolean, taskId: number, input: CreateTaskFields, now: Date): Raised[] {
  if (exists) throw conflict(`Task ${taskId} exists already`);
  const problem = createTaskProblem(input, now);
  if (problem) throw badRequest(problem);
  const data: StoredTaskCreatedData = {
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

