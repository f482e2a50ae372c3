import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreatorRecordsHttpModule } from '../creator-records/creator-records-http.module';
import { TasksHttpModule } from '../tasks/tasks-http.module';
import { UploadsModule } from '../uploads';
import { UsersModule } from '../users/users.module';
import { SubmissionQueries } from './queries/submission.queries';
import { SubmissionsController } from './submissions.controller';

@Module({
  imports: [CqrsModule, UsersModule, TasksHttpModule, UploadsModule, CreatorRecordsHttpModule],
  controllers: [SubmissionsController],
  providers: [SubmissionQueries],
  exports: [SubmissionQueries],
})
export class SubmissionsHttpModule {}
