import { Module } from '@nestjs/common';
import { TasksProjection } from './tasks.projection';

/** The tasks read model (its command handlers are in TaskCommandsModule, the write side). */
@Module({
  providers: [TasksProjection],
  exports: [TasksProjection],
})
export class TasksModule {}
