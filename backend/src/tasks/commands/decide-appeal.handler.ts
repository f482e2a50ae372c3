import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { SubmissionLocator } from './submission-locator';
import { TaskAggregate } from '../domain/task.aggregate';
import { UsersReadRepository } from '../../users/users.read-repository';
import { DecideAppealCommand } from './decide-appeal.command';

/**
 * Overturned: the approval and its payout request are appended together, exactly as ReviewSubmissionHandler
 * does for an approval (same aggregate decisions, same payout path).
 */
@CommandHandler(DecideAppealCommand)
export class DecideAppealHandler implements ICommandHandler<DecideAppealCommand, void> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly locator: SubmissionLocator,
    private readonly users: UsersReadRepository,
    private readonly clock: ChainClock,
  ) {}

  async execute({ admin, submissionId, decision, reason }: DecideAppealCommand): Promise<void> {
    const taskId = await this.locator.taskIdOf(submissionId);
    await this.repo.execute(() => new TaskAggregate(taskId), async (task) => {
      task.decideAppeal(submissionId, admin, decision, reason, this.clock.now());
      if (decision === 'overturned') {
        const wallet = await this.users.linkedWallet(task.submission(submissionId).userId);
        task.requestPayout(submissionId, wallet, admin.id);
      }
    }, { actorId: admin.id });
  }
}
