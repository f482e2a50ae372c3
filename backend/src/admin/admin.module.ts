import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UsersModule } from '../users/users.module';
import { ValidationModule } from '../validation/validation.module';
import { AdminController } from './admin.controller';
import { BulkApproveHandler } from './commands/bulk-approve.handler';
import { BulkValidateHandler } from './commands/bulk-validate.handler';
import { ValidateSubmissionHandler } from './commands/validate-submission.handler';
import { AdminAnalyticsQueries } from './queries/admin-analytics.queries';
import { AdminDashboardQueries } from './queries/admin-dashboard.queries';

/** Admin console API: dashboard, submission validation, bulk actions, analytics. */
@Module({
  imports: [CqrsModule, UsersModule, ValidationModule],
  controllers: [AdminController],
  providers: [
    ValidateSubmissionHandler,
    BulkValidateHandler,
    BulkApproveHandler,
    AdminDashboardQueries,
    AdminAnalyticsQueries,
  ],
})
export class AdminModule {}
