import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { IdAllocator } from '../../event-store/id-allocator';
import { TaskAggregate } from '../../tasks/task.aggregate';
import { SubmitProofCommand } from './submit-proof.command';

/** Returns the new submission's id. */
@CommandHandler(SubmitProofCommand)
export class SubmitProofHandler implements ICommandHandler<SubmitProofCommand, number> {
  constructor(private readonly repo: AggregateRepository, private readonly ids: IdAllocator) {}

  async execute({ userId, taskId, proof }: SubmitProofCommand): Promise<number> {
    const id = await this.ids.next('submission_id_seq');
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => task.submit(id, userId, proof, new Date()), {
      actorId: userId,
    });
    return id;
  }
}
