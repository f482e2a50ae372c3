import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { RecordPayoutSentCommand } from './record-payout-sent.command';

@CommandHandler(RecordPayoutSentCommand)
export class RecordPayoutSentHandler implements ICommandHandler<RecordPayoutSentCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ taskId, submissionIds, txHash }: RecordPayoutSentCommand): Promise<void> {
    await this.repo.execute(
      () => new TaskAggregate(taskId),
      (task) => submissionIds.forEach((id) => task.recordPayoutSent(id, txHash)),
      { actorId: null },
    );
  }
}
