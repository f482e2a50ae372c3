import { Module } from '@nestjs/common';
import { SubmissionsProjection } from './submissions.projection';

/** The submissions read model (its command handlers are in tasks/TaskCommandsModule: submissions live in their task's stream). */
@Module({
  providers: [SubmissionsProjection],
})
export class SubmissionsModule {}
