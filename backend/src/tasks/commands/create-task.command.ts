import type { StoredTaskCreatedData } from '../domain/task-event-upcaster';

/** What a creator chooses ("auto-approve after" may be left to its default); everything else of TaskCreatedData comes from the server. */
export type CreateTaskInput = Omit<
  StoredTaskCreatedData,
  'taskId' | 'creatorId' | 'chainId' | 'contractAddress' | 'escrowAmount' | 'createdAt' | 'deadline' | 'reviewWindowSeconds' | 'reviewCloseMarginSeconds'
> & { deadline: Date };

/** The creator comes from the session; the escrow address, chain and review window from configuration. */
export class CreateTaskCommand {
  constructor(readonly creatorId: number, readonly input: CreateTaskInput) {}
}
