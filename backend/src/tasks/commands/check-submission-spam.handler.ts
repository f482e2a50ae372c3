import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { storedValidationOf } from '../../admin/stored-validation';
import { ChainClock } from '../../clock/chain-clock';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { spamFlagOf } from '../../validation/spam-guard';
import { ValidationService } from '../../validation/validation.service';
import { TaskAggregate } from '../domain/task.aggregate';
import { CheckSubmissionSpamCommand, SpamCheckOutcome } from './check-submission-spam.command';

/**
 * The spam guard when a proof is sent (domain/task-spam-check.ts). The validator runs first, outside any
 * transaction (it may call an LLM over HTTP); then ONE append on the task records the validation (what the
 * reviewers see as evidence) together with the verdict: flagged (in the admins' queue from now on) or clean.
 * The aggregate refuses a second verdict on the same proof, so a retry or two schedulers record it once; a run
 * that read a proof since revised records nothing (the source comes back for the new one). A validator that
 * fails throws: the scheduler retries with backoff, and if the review deadline comes first, the deadline's own
 * check decides (failing closed: flagged).
 */
@CommandHandler(CheckSubmissionSpamCommand)
export class CheckSubmissionSpamHandler implements ICommandHandler<CheckSubmissionSpamCommand, SpamCheckOutcome> {
  constructor(private readonly repo: AggregateRepository, private readonly validation: ValidationService, private readonly clock: ChainClock) {}

  async execute({ taskId, submissionId }: CheckSubmissionSpamCommand): Promise<SpamCheckOutcome> {
    const run = await this.validation.validate(submissionId);
    if (run.submission.status !== 'pending') return 'nothing';
    const flag = spamFlagOf(run.outcome);
    const { proofLink, proofText, proofFileUrl, notes } = run.submission;
    const stored = storedValidationOf(run.outcome, { autoApproveRequested: false, atSubmission: true });
    let outcome: SpamCheckOutcome = 'nothing';
    const validation = { result: stored as unknown as Record<string, unknown>, durationMs: run.durationMs };
    await this.repo.execute(() => new TaskAggregate(taskId), (task) => {
      outcome = task.checkSpam(submissionId, { proofLink, proofText, proofFileUrl, notes }, flag, this.clock.now(), validation);
    }, { actorId: null }, { waitForReadModels: false });
    return outcome;
  }
}
