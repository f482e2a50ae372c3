import { Injectable } from '@nestjs/common';
import { DueDecisions } from '../scheduler/due-decision';
import { ReadModelDueSource } from '../scheduler/read-model-due-source';
import { AutoReviewSubmissionCommand } from '../tasks/commands/auto-review-submission.command';
import { CheckSubmissionSpamCommand } from '../tasks/commands/check-submission-spam.command';
import { CloseTaskReviewCommand } from '../tasks/commands/close-task-review.command';
import { WarnReviewDueCommand } from '../tasks/commands/warn-review-due.command';

/**
 * The spam guard's check of every proof just sent (a submission, a revision): due at once, so a flagged one is in
 * the admins' queue within a scheduler tick or two instead of at its review deadline (tasks/domain/task-spam-check.ts).
 * The read model is the durable queue: a proof whose verdict is not recorded yet stays due across restarts; a
 * validator that fails is retried with the scheduler's backoff. Proofs already past their review deadline are
 * left to the auto-approval source, whose own check decides them. Keyed by submission and proof time, so a
 * revision is a new item with its own backoff.
 */
@Injectable()
@DueDecisions()
export class SpamCheckSource extends ReadModelDueSource {
  readonly kind = 'review.spam_check';
  protected readonly dueSql = `SELECT d.submission_id, d.task_id, d.submitted_at AS due_at, d.submission_id || ':' || extract(epoch FROM d.submitted_at)::text AS key
         FROM review_deadlines d JOIN review_deadline_tasks t ON t.task_id = d.task_id
        WHERE d.status = 'pending' AND NOT d.spam_checked AND d.flagged_reason IS NULL AND d.review_deadline > $1
          AND NOT t.closed AND t.review_until >= $1
        ORDER BY d.submitted_at, d.submission_id LIMIT $2`;

  protected command(d: { taskId: number; submissionId?: number }) {
    return new CheckSubmissionSpamCommand(d.taskId, d.submissionId as number);
  }
}

/**
 * The review deadlines' three kinds of due decision, read from the review-deadlines read model and applied
 * as commands on the task aggregate (which refuses any of them a second time). Warnings first, then
 * auto-approvals, then cut-offs: the scheduler runs the sources in the order Nest discovers them, and a
 * cut-off only rejects what is still pending after the auto-approvals that fell due before it.
 */
@Injectable()
@DueDecisions()
export class ReviewWarningSource extends ReadModelDueSource {
  readonly kind = 'review.warning';
  protected readonly dueSql = `SELECT submission_id, task_id, warn_at AS due_at FROM review_deadlines
        WHERE status = 'pending' AND flagged_reason IS NULL AND NOT warned AND warn_at <= $1 AND review_deadline > $1
        ORDER BY warn_at LIMIT $2`;

  protected command(d: { taskId: number; submissionId?: number }) {
    return new WarnReviewDueCommand(d.taskId, d.submissionId as number);
  }
}

@Injectable()
@DueDecisions()
export class AutoApprovalSource extends ReadModelDueSource {
  readonly kind = 'review.auto_approval';
  // Past the cut-off the aggregate would do nothing: the cut-off source resolves those.
  protected readonly dueSql = `SELECT d.submission_id, d.task_id, d.review_deadline AS due_at FROM review_deadlines d
         JOIN review_deadline_tasks t ON t.task_id = d.task_id
        WHERE d.status = 'pending' AND d.flagged_reason IS NULL AND d.review_deadline <= $1 AND NOT t.closed AND t.review_until >= $1
        ORDER BY d.review_deadline LIMIT $2`;

  protected command(d: { taskId: number; submissionId?: number }) {
    return new AutoReviewSubmissionCommand(d.taskId, d.submissionId as number);
  }
}

@Injectable()
@DueDecisions()
export class ReviewCutOffSource extends ReadModelDueSource {
  readonly kind = 'review.cut_off';
  // Only tasks with something still undecided (pending, changes requested, appealed): others need no decision.
  protected readonly dueSql = `SELECT t.task_id, t.review_until AS due_at FROM review_deadline_tasks t
        WHERE NOT t.closed AND t.review_until < $1
          AND EXISTS (SELECT 1 FROM review_deadlines d WHERE d.task_id = t.task_id AND d.status IN ('pending', 'changes_requested', 'appealed'))
        ORDER BY t.review_until LIMIT $2`;

  protected command(d: { taskId: number }) {
    return new CloseTaskReviewCommand(d.taskId);
  }
}
