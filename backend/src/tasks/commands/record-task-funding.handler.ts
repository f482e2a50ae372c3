import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { UsersReadRepository } from '../../users/users.read-repository';
import { TaskAggregate } from '../task.aggregate';
import { RecordTaskFundingCommand } from './record-task-funding.command';

/** Returns false when this log had been applied already (a no-op). */
@CommandHandler(RecordTaskFundingCommand)
export class RecordTaskFundingHandler implements ICommandHandler<RecordTaskFundingCommand, boolean> {
  constructor(private readonly repo: AggregateRepository, private readonly users: UsersReadRepository) {}

  async execute({ taskId, fact, funder, amount, key }: RecordTaskFundingCommand): Promise<boolean> {
    const { appended } = await this.repo.execute(
      () => new TaskAggregate(taskId),
      async (task) => {
        const creator = task.exists ? await this.users.findById(task.snapshot.creatorId) : null;
        task.recordFunding(fact, funder, amount, creator?.walletAddress ?? null, key);
      },
      { actorId: null, chain: fact },
    );
    return appended;
  }
}
