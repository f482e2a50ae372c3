import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { storedValidationOf } from '../../admin/stored-validation';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { RecordAiValidationCommand } from './record-ai-validation.command';
import { TaskAggregate } from '../domain/task.aggregate';
import { UsersReadRepository } from '../../users/users.read-repository';
import { spamFlagOf } from '../../validation/spam-guard';
import { ValidationService } from '../../validation/validation.service';
import { AutoReviewOutcome, AutoReviewSubmissionCommand } from './auto-review-submission.command';

/**
 * The review deadline passed. The validator runs first (again, for a proof found clean when it was sent: proof
 * sent since may copy it; a proof flagged then is not due here any more), outside any transaction (it may call an LLM): its
 * result is recorded like an admin's validation (validatedBy null = the system), and a flag keeps the
 * submission from being approved automatically (spam guard). Then ONE command on the task: approve (with
 * the payout request in the same append, exactly like a human approval) or flag; the aggregate refuses a
 * second decision, so running this twice (two schedulers, a retry) approves and pays once.
 */
@CommandHandler(AutoReviewSubmissionCommand)
export class AutoReviewSubmissionHandler implements ICommandHandler<AutoReviewSubmissionCommand, AutoReviewOutcome> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly users: UsersReadRepository,
    private readonly validation: ValidationService,
    private readonly commands: CommandBus,
    private readonly clock: ChainClock,
  ) {}

  async execute({ taskId, submissionId }: AutoReviewSubmissionCommand): Promise<AutoReviewOutcome> {
    const flag = await this.spamCheck(submissionId);
    let outcome: AutoReviewOutcome = 'nothing';
    await this.repo.execute(() => new TaskAggregate(taskId), async (task) => {
      outcome = task.autoReview(submissionId, flag, this.clock.now());
      if (outcome === 'approved') {
        const wallet = await this.users.linkedWallet(task.submission(submissionId).userId);
        task.requestPayout(submissionId, wallet, null);
      }
    }, { actorId: null }, { waitForReadModels: false });
    return outcome;
  }

  /** The spam guard's reason, or null. A validator that fails flags (closed, not open): admins decide. */
  private async spamCheck(submissionId: number): Promise<string | null> {
    try {
      const run = await this.validation.validate(submissionId);
      if (run.submission.status !== 'pending') return null; // decided meanwhile: the aggregate will do nothing
      // The measured evidence too (scores, the other submissions): what the admins' queue shows beside the flag.
      const stored = storedValidationOf(run.outcome, { autoApproveRequested: false, reviewDeadline: true });
      await this.commands.execute(new RecordAiValidationCommand(submissionId, stored as unknown as Record<string, unknown>, null, run.durationMs, false));
      return spamFlagOf(run.outcome);
    } catch (err) {
      return `the validator could not check it (${(err as Error).message.slice(0, 200)})`;
    }
  }
}
