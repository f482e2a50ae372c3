import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { SubmissionLocator } from './submission-locator';
import { TaskAggregate } from '../domain/task.aggregate';
import { ResubmitProofCommand } from './resubmit-proof.command';

/** Decided on the chain clock, like a submission: the aggregate checks who, when and the proof rules. */
@CommandHandler(ResubmitProofCommand)
export class ResubmitProofHandler implements ICommandHandler<ResubmitProofCommand, void> {
  constructor(private readonly repo: AggregateRepository, private readonly locator: SubmissionLocator, private readonly clock: ChainClock) {}

  async execute({ userId, submissionId, proof }: ResubmitProofCommand): Promise<void> {
    const taskId = await this.locator.taskIdOf(submissionId);
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => task.resubmit(submissionId, userId, proof, this.clock.now()), { actorId: userId });
  }
}
