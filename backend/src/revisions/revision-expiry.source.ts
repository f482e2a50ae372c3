import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DueDecision, DueDecisionSource, DueDecisions } from '../scheduler/due-decision';
import { ExpireRevisionCommand } from '../tasks/commands/expire-revision.command';

/**
 * Changes requested and not resubmitted by `resubmit_by` (48 hours, or the cut-off): the submission is
 * rejected and its slot freed. Read from the review-deadlines read model; the aggregate refuses a second run.
 */
@Injectable()
@DueDecisions()
export class RevisionExpirySource implements DueDecisionSource {
  readonly kind = 'review.revision_expiry';
  constructor(private readonly db: DataSource, private readonly commands: CommandBus) {}

  async due(now: Date, limit: number): Promise<DueDecision[]> {
    const rows: Array<{ submission_id: number; task_id: number; due_at: Date }> = await this.db.query(
      `SELECT submission_id, task_id, resubmit_by AS due_at FROM review_deadlines
        WHERE status = 'changes_requested' AND resubmit_by < $1 ORDER BY resubmit_by LIMIT $2`, [now, limit]);
    return rows.map((r) => ({ key: String(r.submission_id), dueAt: new Date(r.due_at), taskId: r.task_id, submissionId: r.submission_id }));
  }

  async decide(d: DueDecision): Promise<void> {
    await this.commands.execute(new ExpireRevisionCommand(d.taskId as number, d.submissionId as number));
  }
}
