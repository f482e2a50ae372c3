import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { recordReviewTerms, reviewTermsFor, submissionReviewDeadlineMs } from '../projections/review-terms';
import { upcastTaskEventData } from '../tasks/domain/task-event-upcaster';
import { TaskEvents as T } from '../tasks/domain/task.events';

/** An appeal the admins decided for the earner (followed by the approval the aggregate raises for it). */
export const APPEAL_OVERTURNED = T.SubmissionAppealOverturned;

/**
 * Every creator's record (creator_records), folded from the task streams: per submission to one of the
 * creator's tasks, when it was sent, its review deadline, its first decision (when, by whom: a person or the
 * system at the deadline), whether it ended approved, an appeal overturned, and the CENT released on chain
 * for it; then, once per batch, each touched creator's figures recomputed from those rows (see the
 * migration 1795619022600 for why rows rather than running counters).
 *
 * Definitions (one home: this file):
 * - submissions reviewed: submissions with a response (approved, rejected or changes requested, by anyone, the
 *   system included);
 * - time to review: first response - sent, in ms (a response: an approval, a rejection, or changes requested —
 *   the creator did review it; the revision's own wait is the earner's, not the creator's); the median is exact (percentile_cont over every row: the
 *   mean of the two middle values for an even count);
 * - reviewed before the deadline: decided by a person (not the system) at or before the review deadline;
 * - approval rate: approved / reviewed; auto-approvals: approvals the system made at the deadline;
 * - CENT paid: base units released on chain (RewardReleased) less releases a reorganisation dropped.
 */
@Injectable()
@ReadModelProjection()
export class CreatorRecordProjection implements Projection {
  readonly name = 'creator-records';
  readonly tables = ['creator_record_tasks', 'creator_record_submissions', 'creator_records'];

  async apply(events: StoredEvent[], tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    const terms = await reviewTermsFor(events, tx, 'creator_record_tasks');
    const touched = new Set<number>();
    // CENT released (less reverted) per submission in this batch, written in one statement after the rest:
    // `paid` is changed by nothing else, and its rows are inserted by the writes before (or never exist).
    const paid = new Map<number, bigint>();
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case T.TaskCreated:
          recordReviewTerms(e, terms, 'creator_record_tasks', batch);
          break;
        case T.SubmissionSubmitted: {
          const submittedAt = Date.parse(d.createdAt);
          if (!Number.isFinite(submittedAt)) break; // no time to measure a review from: left out of the record
          const t = terms.get(d.taskId);
          const deadline = submissionReviewDeadlineMs(d, submittedAt, t);
          if (!Number.isFinite(deadline)) break; // a task this model never saw
          // INSERT … SELECT: nothing when the task is unknown, rather than a failing batch.
          batch.write(
            `INSERT INTO creator_record_submissions (submission_id, task_id, creator_id, submitted_at, review_deadline)
             SELECT $1::int, task_id, creator_id, $3::timestamptz, $4::timestamptz FROM creator_record_tasks WHERE task_id = $2::int
             ON CONFLICT (submission_id) DO NOTHING`,
            [d.submissionId, d.taskId, new Date(submittedAt).toISOString(), new Date(deadline).toISOString()],
          );
          break;
        }
        case T.SubmissionApproved:
        case T.SubmissionRejected: {
          const approved = e.type === T.SubmissionApproved;
          const at = Date.parse(d.reviewedAt);
          if (!Number.isFinite(at)) break;
          const bySystem = d.auto === true || d.reviewerId === 0;
          // The first decision is the review (its time and who made it); the latest says whether it is approved.
          batch.write(
            `UPDATE creator_record_submissions SET
               review_ms = COALESCE(review_ms, GREATEST(0, round(extract(epoch FROM ($2::timestamptz - submitted_at)) * 1000))::bigint),
               reviewed_by_system = CASE WHEN reviewed_at IS NULL THEN $3::boolean ELSE reviewed_by_system END,
               reviewed_at = COALESCE(reviewed_at, $2::timestamptz),
               approved = $4::boolean,
               auto_approved = CASE WHEN $4::boolean THEN $3::boolean ELSE auto_approved END
             WHERE submission_id = $1::int`,
            [d.submissionId, new Date(at).toISOString(), bySystem, approved],
          );
          touched.add(d.submissionId);
          break;
        }
        case T.SubmissionChangesRequested: {
          const at = Date.parse(d.requestedAt);
          if (!Number.isFinite(at)) break;
          batch.write(
            `UPDATE creator_record_submissions SET
               review_ms = COALESCE(review_ms, GREATEST(0, round(extract(epoch FROM ($2::timestamptz - submitted_at)) * 1000))::bigint),
               reviewed_at = COALESCE(reviewed_at, $2::timestamptz)
             WHERE submission_id = $1::int`,
            [d.submissionId, new Date(at).toISOString()],
          );
          touched.add(d.submissionId);
          break;
        }
        case APPEAL_OVERTURNED:
          // Overturning a rejection approves the submission.
          batch.write(`UPDATE creator_record_submissions SET appeal_overturned = true, approved = true WHERE submission_id = $1::int`, [d.submissionId]);
          touched.add(d.submissionId);
          break;
        case T.RewardReleased:
          paid.set(d.submissionId, (paid.get(d.submissionId) ?? 0n) + BigInt(d.amount));
          touched.add(d.submissionId);
          break;
        case T.RewardReleaseReverted: {
          const amount = BigInt(upcastTaskEventData(T.RewardReleaseReverted, d).amount);
          paid.set(d.submissionId, (paid.get(d.submissionId) ?? 0n) - amount);
          touched.add(d.submissionId);
          break;
        }
        default:
          break;
      }
    }
    if (paid.size) {
      // One statement for a backfill's thousands of releases, instead of one UPDATE each.
      batch.write(
        `UPDATE creator_record_submissions s SET paid = s.paid + d.delta
           FROM unnest($1::int[], $2::numeric[]) AS d(submission_id, delta)
          WHERE s.submission_id = d.submission_id`,
        [[...paid.keys()], [...paid.values()]],
      );
    }
    if (touched.size) this.recompute(batch, [...touched]);
  }

  /** The figures of every creator owning one of these submissions, from their rows (one statement per batch). */
  private recompute(batch: ProjectionBatch, submissionIds: number[]): void {
    batch.write(
      `INSERT INTO creator_records (creator_id, submissions_reviewed, reviewed_before_deadline, approved, auto_approved,
                                    appeals_overturned, median_review_ms, cent_paid)
       SELECT s.creator_id,
              count(*) FILTER (WHERE s.reviewed_at IS NOT NULL)::int,
              count(*) FILTER (WHERE s.reviewed_at IS NOT NULL AND NOT s.reviewed_by_system AND s.reviewed_at <= s.review_deadline)::int,
              count(*) FILTER (WHERE s.reviewed_at IS NOT NULL AND s.approved)::int,
              count(*) FILTER (WHERE s.auto_approved)::int,
              count(*) FILTER (WHERE s.appeal_overturned)::int,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY s.review_ms) FILTER (WHERE s.review_ms IS NOT NULL),
              sum(s.paid)
         FROM creator_record_submissions s
        WHERE s.creator_id IN (SELECT creator_id FROM creator_record_submissions WHERE submission_id = ANY($1::int[]))
        GROUP BY s.creator_id
       ON CONFLICT (creator_id) DO UPDATE SET
         submissions_reviewed = EXCLUDED.submissions_reviewed, reviewed_before_deadline = EXCLUDED.reviewed_before_deadline,
         approved = EXCLUDED.approved, auto_approved = EXCLUDED.auto_approved, appeals_overturned = EXCLUDED.appeals_overturned,
         median_review_ms = EXCLUDED.median_review_ms, cent_paid = EXCLUDED.cent_paid`,
      [submissionIds],
    );
  }
}
