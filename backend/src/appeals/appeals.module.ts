import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SubmissionsModule } from '../submissions/submissions.module';
import { UsersModule } from '../users/users.module';
import { AppealsProjection } from './appeals.projection';
import { AppealRejectionHandler } from './commands/appeal-rejection.handler';
import { DecideAppealHandler } from './commands/decide-appeal.handler';

/**
 * Appeals of rejections (issue 22). No scheduler source of its own: an appeal is open at most until the
 * task's review cut-off, and the cut-off decision (review-deadlines) upholds any still open.
 */
@Module({
  imports: [CqrsModule, UsersModule, SubmissionsModule],
  providers: [AppealRejectionHandler, DecideAppealHandler, AppealsProjection],
})
export class AppealsModule {}
