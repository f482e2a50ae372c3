import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { RevertTaskChainFactCommand } from './revert-task-chain-fact.command';

@CommandHandler(RevertTaskChainFactCommand)
export class RevertTaskChainFactHandler implements ICommandHandler<RevertTaskChainFactCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ taskId, kind, txHash, logIndex }: RevertTaskChainFactCommand): Promise<void> {
    await this.repo.execute(() => new TaskAggregate(taskId), (t) => t.revertChainFact(kind, txHash, logIndex), {
      actorId: null,
      reorg: true,
    });
  }
}
