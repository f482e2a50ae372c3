import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateTaskHandler } from './commands/create-task.handler';
import { RevertTaskChainFactHandler } from './commands/revert-task-chain-fact.handler';
import { SetTaskActiveHandler } from './commands/set-task-active.handler';
import { TasksProjection } from './tasks.projection';

@Module({
  imports: [CqrsModule],
  providers: [
    CreateTaskHandler,
    SetTaskActiveHandler,
    RevertTaskChainFactHandler,
    TasksProjection,
  ],
  exports: [TasksProjection],
})
export class TasksModule {}
