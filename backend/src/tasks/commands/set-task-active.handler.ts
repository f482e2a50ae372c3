import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { SetTaskActiveCommand } from './set-task-active.command';

@CommandHandler(SetTaskActiveCommand)
export class SetTaskActiveHandler implements ICommandHandler<SetTaskActiveCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ actor, taskId, isActive }: SetTaskActiveCommand): Promise<void> {
    await this.repo.execute(() => new TaskAggregate(taskId), (t) => t.setActive(actor, isActive), { actorId: actor.id });
  }
}
