import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { ExpireRevisionCommand } from './expire-revision.command';

/** Idempotent: the aggregate rejects only a submission still waiting for its revision past its time. */
@CommandHandler(ExpireRevisionCommand)
export class ExpireRevisionHandler implements ICommandHandler<ExpireRevisionCommand, boolean> {
  constructor(private readonly repo: AggregateRepository, private readonly clock: ChainClock) {}

  async execute({ taskId, submissionId }: ExpireRevisionCommand): Promise<boolean> {
    let expired = false;
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => {
      expired = task.expireRevision(submissionId, this.clock.now());
    }, { actorId: null });
    return expired;
  }
}
