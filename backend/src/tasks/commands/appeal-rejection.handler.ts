import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { SubmissionLocator } from './submission-locator';
import { TaskAggregate } from '../domain/task.aggregate';
import { AppealRejectionCommand } from './appeal-rejection.command';

@CommandHandler(AppealRejectionCommand)
export class AppealRejectionHandler implements ICommandHandler<AppealRejectionCommand, void> {
  constructor(private readonly repo: AggregateRepository, private readonly locator: SubmissionLocator, private readonly clock: ChainClock) {}

  async execute({ userId, submissionId, message }: AppealRejectionCommand): Promise<void> {
    const taskId = await this.locator.taskIdOf(submissionId);
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => task.appeal(submissionId, userId, message, this.clock.now()), { actorId: userId });
  }
}
