import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { UsersReadRepository } from '../../users/users.read-repository';
import { SubmissionLocator } from './submission-locator';
import { ReviewSubmissionCommand } from './review-submission.command';

/**
 * Approve, reject or request changes. An approval and its payout request are appended together, so an approved
 * submission is never left without a payout request (or a recorded reason why it cannot be paid). The review
 * cut-off is decided on the chain clock (max(server, latest block time)), the escrow's own clock.
 */
@CommandHandler(ReviewSubmissionCommand)
export class ReviewSubmissionHandler implements ICommandHandler<ReviewSubmissionCommand, void> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly locator: SubmissionLocator,
    private readonly users: UsersReadRepository,
    private readonly clock: ChainClock,
  ) {}

  async execute({ reviewer, submissionId, decision, feedback }: ReviewSubmissionCommand): Promise<void> {
    const taskId = await this.locator.taskIdOf(submissionId);
    await this.repo.execute(
      () => new TaskAggregate(taskId),
      async (task) => {
        if (decision === 'changes_requested') return task.requestChanges(submissionId, reviewer, feedback, this.clock.now());
        task.review(submissionId, reviewer, decision, feedback, this.clock.now());
        if (decision === 'approved') {
          const wallet = await this.users.linkedWallet(task.submission(submissionId).userId);
          task.requestPayout(submissionId, wallet, reviewer.id);
        }
      },
      { actorId: reviewer.id },
    );
  }
}
