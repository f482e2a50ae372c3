import { TaskCreatedData } from '../domain/task.events';

/** What a creator chooses; everything else of TaskCreatedData comes from the server. */
export type CreateTaskInput = Omit<
  TaskCreatedData,
  'taskId' | 'creatorId' | 'chainId' | 'contractAddress' | 'escrowAmount' | 'createdAt' | 'deadline' | 'reviewWindowSeconds' | 'reviewCloseMarginSeconds'
> & { deadline: Date };

/** The creator comes from the session; the escrow address, chain and review window from configuration. */
export class CreateTaskCommand {
  constructor(readonly creatorId: number, readonly input: CreateTaskInput) {}
}
