import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SchedulerModule } from '../scheduler/scheduler.module';
import { AutoApprovalSource, ReviewCutOffSource, ReviewWarningSource, SpamCheckSource } from './review-deadline.sources';
import { ReviewDeadlinesProjection } from './review-deadlines.projection';

/**
 * Review deadlines with auto-approval (issue 22): the read model of what falls due and its sources for
 * the generic scheduler; the commands they send are in tasks/TaskCommandsModule. Part of the domain, so backend
 * replicas and indexers all run the scheduler; one of them (the advisory lock's holder) decides.
 */
@Module({
  imports: [CqrsModule, SchedulerModule],
  // The spam check first: a proof sent just now is checked before anything else about it falls due.
  providers: [ReviewDeadlinesProjection, SpamCheckSource, ReviewWarningSource, AutoApprovalSource, ReviewCutOffSource],
})
export class ReviewDeadlinesModule {}
