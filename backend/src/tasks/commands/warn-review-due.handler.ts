import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { WarnReviewDueCommand } from './warn-review-due.command';

/** Idempotent: the aggregate warns once per submission, only while it is pending and the deadline near. */
@CommandHandler(WarnReviewDueCommand)
export class WarnReviewDueHandler implements ICommandHandler<WarnReviewDueCommand, boolean> {
  constructor(private readonly repo: AggregateRepository, private readonly clock: ChainClock) {}

  async execute({ taskId, submissionId }: WarnReviewDueCommand): Promise<boolean> {
    let warned = false;
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => {
      warned = task.warnReviewDue(submissionId, this.clock.now());
    }, { actorId: null }, { waitForReadModels: false });
    return warned;
  }
}
