import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../task.aggregate';
import { RecordTaskRefundCommand } from './record-task-refund.command';

@CommandHandler(RecordTaskRefundCommand)
export class RecordTaskRefundHandler implements ICommandHandler<RecordTaskRefundCommand, boolean> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ taskId, fact, amount, key }: RecordTaskRefundCommand): Promise<boolean> {
    const { appended } = await this.repo.execute(
      () => new TaskAggregate(taskId),
      (task) => task.recordRefund(fact, amount, key),
      { actorId: null, chain: fact },
    );
    return appended;
  }
}
