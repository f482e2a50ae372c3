import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../../tasks/task.aggregate';
import { RecordRewardReleasedCommand } from './record-reward-released.command';

/** Returns false when this log had been applied already. */
@CommandHandler(RecordRewardReleasedCommand)
export class RecordRewardReleasedHandler implements ICommandHandler<RecordRewardReleasedCommand, boolean> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ taskId, submissionId, recipient, amount, fact, key }: RecordRewardReleasedCommand): Promise<boolean> {
    const { appended } = await this.repo.execute(
      () => new TaskAggregate(taskId),
      (task) => task.recordRewardReleased(fact, submissionId, recipient, amount, key),
      { actorId: null, chain: fact },
    );
    return appended;
  }
}
