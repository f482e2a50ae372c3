import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { recordReviewTerms, reviewTermsFor, submissionReviewDeadlineMs } from '../projections/review-terms';
import { reviewWarningAtMs } from '../tasks/domain/task-review-deadline';
import { TaskEvents as T } from '../tasks/domain/task.events';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The review deadlines read model (`review_deadline_tasks`, `review_deadlines`): each pending submission's
 * review deadline, warning time, spam-guard flag (and whether its proof was checked when sent), and each
 * task's cut-off. It is what the scheduler's review sources poll (review-deadline.sources.ts) and what the submission JSON shows. Deadlines recorded
 * in SubmissionSubmitted are taken as they are; older events get theirs from the aggregate's own rule
 * (reviewDeadlineMs), so the read model and the aggregate never disagree.
 */
@Injectable()
@ReadModelProjection()
export class ReviewDeadlinesProjection implements Projection {
  readonly name = 'review-deadlines';
  readonly tables = ['review_deadline_tasks', 'review_deadlines'];

  async apply(events: StoredEvent[], tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    const terms = await reviewTermsFor(events, tx, 'review_deadline_tasks');
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case T.TaskCreated:
          recordReviewTerms(e, terms, 'review_deadline_tasks', batch);
          break;
        case T.SubmissionSubmitted: {
          const t = terms.get(d.taskId);
          const submittedAt = Date.parse(d.createdAt);
          const deadline = submissionReviewDeadlineMs(d, submittedAt, t);
          if (!Number.isFinite(deadline)) break; // a submission of a task this model never saw: nothing to schedule
          batch.write(
            `INSERT INTO review_deadlines (submission_id, task_id, user_id, submitted_at, review_deadline, warn_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (submission_id) DO NOTHING`,
            [d.submissionId, d.taskId, d.userId, Number.isFinite(submittedAt) ? iso(submittedAt) : null, iso(deadline), iso(reviewWarningAtMs(submittedAt, deadline))],
          );
          break;
        }
        case T.SubmissionReviewDueSoon:
          batch.write(`UPDATE review_deadlines SET warned = true WHERE submission_id = $1`, [d.submissionId]);
          break;
        case T.SubmissionFlaggedForAdmins:
          batch.write(`UPDATE review_deadlines SET flagged_reason = $2, flagged_at = $3, spam_checked = true WHERE submission_id = $1`, [d.submissionId, d.reason, d.flaggedAt]);
          break;
        // The spam guard's check when the proof was sent found nothing (tasks/domain/task-spam-check.ts).
        case T.SubmissionSpamChecked:
          batch.write(`UPDATE review_deadlines SET spam_checked = true WHERE submission_id = $1`, [d.submissionId]);
          break;
        case T.SubmissionApproved:
        case T.SubmissionRejected:
          batch.write(
            `UPDATE review_deadlines SET status = $2, decided_by_system = $3 WHERE submission_id = $1`,
            [d.submissionId, e.type === T.SubmissionApproved ? 'approved' : 'rejected', d.auto === true],
          );
          break;
        // Revise and resubmit, appeals (src/revisions, src/appeals): the states that hold a slot undecided.
        case T.SubmissionChangesRequested:
          batch.write(`UPDATE review_deadlines SET status = 'changes_requested', resubmit_by = $2 WHERE submission_id = $1`, [d.submissionId, d.resubmitBy]);
          break;
        case T.SubmissionResubmitted:
          batch.write(
            `UPDATE review_deadlines SET status = 'pending', resubmit_by = NULL, submitted_at = $2, review_deadline = $3, warn_at = $4,
                    warned = false, flagged_reason = NULL, flagged_at = NULL, spam_checked = false WHERE submission_id = $1`,
            [d.submissionId, d.resubmittedAt, d.reviewDeadline, iso(reviewWarningAtMs(Date.parse(d.resubmittedAt), Date.parse(d.reviewDeadline)))],
          );
          break;
        case T.SubmissionAppealed:
          batch.write(`UPDATE review_deadlines SET status = 'appealed' WHERE submission_id = $1`, [d.submissionId]);
          break;
        case T.SubmissionAppealUpheld:
          batch.write(`UPDATE review_deadlines SET status = 'rejected', decided_by_system = $2 WHERE submission_id = $1`, [d.submissionId, d.auto === true]);
          break;
        case T.TaskReviewCutOff:
          batch.write(`UPDATE review_deadline_tasks SET closed = true WHERE task_id = $1`, [d.taskId]);
          break;
        default:
          break;
      }
    }
  }
}
