import { Module } from '@nestjs/common';
import { SubmissionsHttpModule } from '../submissions/submissions-http.module';
import { TasksHttpModule } from '../tasks/tasks-http.module';
import { UsersModule } from '../users/users.module';
import { DashboardController } from './dashboard.controller';

@Module({
  imports: [UsersModule, TasksHttpModule, SubmissionsHttpModule],
  controllers: [DashboardController],
})
export class DashboardModule {}
