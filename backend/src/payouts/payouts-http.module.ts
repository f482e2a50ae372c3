import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SubmissionsHttpModule } from '../submissions/submissions-http.module';
import { TasksHttpModule } from '../tasks/tasks-http.module';
import { UsersModule } from '../users/users.module';
import { ReleaseRewardController } from './release-reward.controller';

@Module({
  imports: [CqrsModule, UsersModule, TasksHttpModule, SubmissionsHttpModule],
  controllers: [ReleaseRewardController],
})
export class PayoutsHttpModule {}
