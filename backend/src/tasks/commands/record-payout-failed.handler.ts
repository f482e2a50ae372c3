import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { RecordPayoutFailedCommand } from './record-payout-failed.command';

@CommandHandler(RecordPayoutFailedCommand)
export class RecordPayoutFailedHandler implements ICommandHandler<RecordPayoutFailedCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ taskId, submissionIds, reason, permanent, cause }: RecordPayoutFailedCommand): Promise<void> {
    await this.repo.execute(
      () => new TaskAggregate(taskId),
      (task) => submissionIds.forEach((id) => task.recordPayoutFailed(id, reason, permanent, cause)),
      { actorId: null },
    );
  }
}
