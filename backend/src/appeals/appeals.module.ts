import { Module } from '@nestjs/common';
import { AppealsProjection } from './appeals.projection';

/**
 * Appeals of rejections (issue 22): the read model (the commands are in tasks/TaskCommandsModule). No scheduler
 * source of its own: an appeal is open at most until the task's review cut-off, and the cut-off decision
 * (review-deadlines) upholds any still open.
 */
@Module({
  providers: [AppealsProjection],
})
export class AppealsModule {}
