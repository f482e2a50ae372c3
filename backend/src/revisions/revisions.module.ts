import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SchedulerModule } from '../scheduler/scheduler.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { ExpireRevisionHandler } from './commands/expire-revision.handler';
import { ResubmitProofHandler } from './commands/resubmit-proof.handler';
import { RevisionExpirySource } from './revision-expiry.source';
import { SubmissionRevisionsProjection } from './submission-revisions.projection';

/** Revise and resubmit (issue 22): the resubmission, its expiry (a scheduler source) and the revision history. */
@Module({
  imports: [CqrsModule, SchedulerModule, SubmissionsModule],
  providers: [ResubmitProofHandler, ExpireRevisionHandler, RevisionExpirySource, SubmissionRevisionsProjection],
})
export class RevisionsModule {}
