import { Injectable } from '@nestjs/common';
import { DueDecisions } from '../scheduler/due-decision';
import { ReadModelDueSource } from '../scheduler/read-model-due-source';
import { ExpireRevisionCommand } from '../tasks/commands/expire-revision.command';

/**
 * Changes requested and not resubmitted by `resubmit_by` (48 hours, or the cut-off): the submission is
 * rejected and its slot freed. Read from the review-deadlines read model; the aggregate refuses a second run.
 */
@Injectable()
@DueDecisions()
export class RevisionExpirySource extends ReadModelDueSource {
  readonly kind = 'review.revision_expiry';
  protected readonly dueSql = `SELECT submission_id, task_id, resubmit_by AS due_at FROM review_deadlines
        WHERE status = 'changes_requested' AND resubmit_by < $1 ORDER BY resubmit_by LIMIT $2`;

  protected command(d: { taskId: number; submissionId?: number }) {
    return new ExpireRevisionCommand(d.taskId, d.submissionId as number);
  }
}
