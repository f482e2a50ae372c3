import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RecordAiValidationCommand } from '../../tasks/commands/record-ai-validation.command';
import { ValidationService } from '../../validation/validation.service';
import { storedValidationOf } from '../stored-validation';
import { ValidateSubmissionCommand, ValidatedSubmission } from './validate-submission.command';

/**
 * Runs the validator and stores its result as a SubmissionAiValidated event on the submission's task
 * (the submission becomes aiValidated; the event keeps result, duration and who asked).
 */
@CommandHandler(ValidateSubmissionCommand)
export class ValidateSubmissionHandler implements ICommandHandler<ValidateSubmissionCommand, ValidatedSubmission> {
  constructor(private readonly validation: ValidationService, private readonly commands: CommandBus) {}

  async execute({ adminId, submissionId, autoApproveRequested }: ValidateSubmissionCommand): Promise<ValidatedSubmission> {
    const run = await this.validation.validate(submissionId);
    const stored = storedValidationOf(run.outcome, { autoApproveRequested });
    await this.commands.execute(
      new RecordAiValidationCommand(submissionId, stored as unknown as Record<string, unknown>, adminId, run.durationMs),
    );
    return { submissionId, taskTitle: run.task.title, status: run.submission.status, validation: run.outcome.result };
  }
}
