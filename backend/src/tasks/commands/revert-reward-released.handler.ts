import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { RevertRewardReleasedCommand } from './revert-reward-released.command';

@CommandHandler(RevertRewardReleasedCommand)
export class RevertRewardReleasedHandler implements ICommandHandler<RevertRewardReleasedCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ taskId, submissionId, txHash, logIndex }: RevertRewardReleasedCommand): Promise<void> {
    await this.repo.execute(
      () => new TaskAggregate(taskId),
      (task) => task.revertRewardReleased(submissionId, txHash, logIndex),
      { actorId: null, reorg: true },
    );
  }
}
