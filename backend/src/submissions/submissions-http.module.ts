import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TasksHttpModule } from '../tasks/tasks-http.module';
import { UploadsModule } from '../uploads';
import { UsersModule } from '../users/users.module';
import { SubmissionQueries } from './queries/submission.queries';
import { SubmissionsController } from './submissions.controller';

@Module({
  imports: [CqrsModule, UsersModule, TasksHttpModule, UploadsModule],
  controllers: [SubmissionsController],
  providers: [SubmissionQueries],
  exports: [SubmissionQueries],
})
export class SubmissionsHttpModule {}
