import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { IdAllocator } from '../../event-store/id-allocator';
import { TaskAggregate } from '../domain/task.aggregate';
import { SubmissionLocator } from './submission-locator';
import { SubmitProofCommand } from './submit-proof.command';

/** Returns the new submission's id. The deadline is decided on the chain clock (max(server, latest block time)). */
@CommandHandler(SubmitProofCommand)
export class SubmitProofHandler implements ICommandHandler<SubmitProofCommand, number> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly ids: IdAllocator,
    private readonly locator: SubmissionLocator,
    private readonly clock: ChainClock,
  ) {}

  async execute({ userId, taskId, proof }: SubmitProofCommand): Promise<number> {
    const id = await this.ids.next('submission_id_seq');
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => task.submit(id, userId, proof, this.clock.now()), {
      actorId: userId,
    });
    this.locator.remember(id, taskId);
    return id;
  }
}
