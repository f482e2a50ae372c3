import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UsersModule } from '../users/users.module';
import { RecordAiValidationHandler } from './commands/record-ai-validation.handler';
import { ReviewSubmissionHandler } from './commands/review-submission.handler';
import { SubmitProofHandler } from './commands/submit-proof.handler';
import { SubmissionLocator } from './submission-locator';
import { SubmissionsProjection } from './submissions.projection';

@Module({
  imports: [CqrsModule, UsersModule],
  providers: [SubmitProofHandler, ReviewSubmissionHandler, RecordAiValidationHandler, SubmissionLocator, SubmissionsProjection],
  exports: [SubmissionLocator],
})
export class SubmissionsModule {}
