import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { SubmissionLocator } from './submission-locator';
import { RecordAiValidationCommand } from './record-ai-validation.command';

@CommandHandler(RecordAiValidationCommand)
export class RecordAiValidationHandler implements ICommandHandler<RecordAiValidationCommand, void> {
  constructor(private readonly repo: AggregateRepository, private readonly locator: SubmissionLocator) {}

  async execute({ submissionId, result, validatedBy, durationMs, waitForReadModels }: RecordAiValidationCommand): Promise<void> {
    const taskId = await this.locator.taskIdOf(submissionId);
    await this.repo.execute(
      () => new TaskAggregate(taskId),
      (task) => task.recordAiValidation(submissionId, result, validatedBy, durationMs),
      { actorId: validatedBy },
      { waitForReadModels },
    );
  }
}
