import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UsersModule } from '../users/users.module';
import { CreateTaskHandler } from './commands/create-task.handler';
import { RecordTaskFundingHandler } from './commands/record-task-funding.handler';
import { RecordTaskRefundHandler } from './commands/record-task-refund.handler';
import { RevertTaskChainFactHandler } from './commands/revert-task-chain-fact.handler';
import { SetTaskActiveHandler } from './commands/set-task-active.handler';
import { TasksProjection } from './tasks.projection';

@Module({
  imports: [CqrsModule, UsersModule],
  providers: [
    CreateTaskHandler,
    SetTaskActiveHandler,
    RecordTaskFundingHandler,
    RecordTaskRefundHandler,
    RevertTaskChainFactHandler,
    TasksProjection,
  ],
  exports: [TasksProjection],
})
export class TasksModule {}
