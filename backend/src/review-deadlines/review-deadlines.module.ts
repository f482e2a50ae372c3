import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SchedulerModule } from '../scheduler/scheduler.module';
import { UsersModule } from '../users/users.module';
import { ValidationModule } from '../validation/validation.module';
import { AutoReviewSubmissionHandler } from './commands/auto-review-submission.handler';
import { CloseTaskReviewHandler } from './commands/close-task-review.handler';
import { WarnReviewDueHandler } from './commands/warn-review-due.handler';
import { AutoApprovalSource, ReviewCutOffSource, ReviewWarningSource } from './review-deadline.sources';
import { ReviewDeadlinesProjection } from './review-deadlines.projection';

/**
 * Review deadlines with auto-approval (issue 22): the read model of what falls due, its three sources for
 * the generic scheduler, and the commands they apply. Part of the domain, so backend replicas and indexers
 * all run the scheduler; one of them (the advisory lock's holder) decides.
 */
@Module({
  imports: [CqrsModule, UsersModule, ValidationModule, SchedulerModule],
  providers: [
    ReviewDeadlinesProjection, WarnReviewDueHandler, AutoReviewSubmissionHandler, CloseTaskReviewHandler,
    ReviewWarningSource, AutoApprovalSource, ReviewCutOffSource,
  ],
})
export class ReviewDeadlinesModule {}
