import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { CloseTaskReviewCommand } from './close-task-review.command';

/** Idempotent: the aggregate closes review once, and only after the cut-off (on the chain clock). */
@CommandHandler(CloseTaskReviewCommand)
export class CloseTaskReviewHandler implements ICommandHandler<CloseTaskReviewCommand, number> {
  constructor(private readonly repo: AggregateRepository, private readonly clock: ChainClock) {}

  async execute({ taskId }: CloseTaskReviewCommand): Promise<number> {
    let rejected = -1;
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => {
      rejected = task.closeReview(this.clock.now());
    }, { actorId: null }, { waitForReadModels: false });
    return rejected;
  }
}
