import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SchedulerModule } from '../scheduler/scheduler.module';
import { RevisionExpirySource } from './revision-expiry.source';
import { SubmissionRevisionsProjection } from './submission-revisions.projection';

/** Revise and resubmit (issue 22): the expiry (a scheduler source) and the revision history; the commands are in tasks/. */
@Module({
  imports: [CqrsModule, SchedulerModule],
  providers: [RevisionExpirySource, SubmissionRevisionsProjection],
})
export class RevisionsModule {}
