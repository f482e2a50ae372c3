import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SubmissionQueries } from '../submissions/queries/submission.queries';
import { LiveModule } from '../live/live.module';
import { UsersModule } from '../users/users.module';
import { TaskQueries } from './queries/task.queries';
import { TasksModule } from './tasks.module';
import { TasksController } from './tasks.controller';

/** The tasks API (HTTP only: the domain's TasksModule stays free of controllers for the indexer). */
@Module({
  imports: [CqrsModule, UsersModule, TasksModule, LiveModule],
  controllers: [TasksController],
  providers: [TaskQueries, SubmissionQueries],
  exports: [TaskQueries],
})
export class TasksHttpModule {}
