import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { SubmissionLocator } from './submission-locator';
import { TaskAggregate } from '../domain/task.aggregate';
import { UsersReadRepository } from '../../users/users.read-repository';
import { RequestPayoutCommand } from './request-payout.command';

/** Returns whether a new request was recorded (false: already requested, sent or paid). */
@CommandHandler(RequestPayoutCommand)
export class RequestPayoutHandler implements ICommandHandler<RequestPayoutCommand, boolean> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly locator: SubmissionLocator,
    private readonly users: UsersReadRepository,
  ) {}

  async execute({ submissionId, requestedBy }: RequestPayoutCommand): Promise<boolean> {
    const taskId = await this.locator.taskIdOf(submissionId);
    const { result } = await this.repo.execute(
      () => new TaskAggregate(taskId),
      async (task) => {
        const wallet = await this.users.linkedWallet(task.submission(submissionId).userId);
        return task.requestPayout(submissionId, wallet, requestedBy);
      },
      { actorId: requestedBy },
    );
    return result;
  }
}
