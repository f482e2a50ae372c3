import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { ProjectionBatch } from './projection';
import { upcastTaskEventData } from '../tasks/domain/task-event-upcaster';
import { reviewDeadlineMs, reviewTermsOf } from '../tasks/domain/task-review-deadline';
import { TaskEvents as T } from '../tasks/domain/task.events';

/** A task's review terms, as the read models that place submissions' review deadlines keep them per task. */
export interface ReviewTerms {
  reviewWithinSeconds: number;
  reviewUntil: Date;
}

/** The read models' own copies of each task's terms (task_id, review_within_seconds, review_until). */
type TermsTable = 'creator_record_tasks' | 'review_deadline_tasks';

/**
 * The terms a batch needs that it does not carry: tasks of submissions without a recorded deadline (older
 * events) whose TaskCreated is in an earlier batch, read from the model's own table. Tasks created in the
 * batch are added by the caller as it meets their TaskCreated.
 */
export async function reviewTermsFor(events: StoredEvent[], tx: QueryRunner, table: TermsTable): Promise<Map<number, ReviewTerms>> {
  const terms = new Map<number, ReviewTerms>();
  const created = new Set(events.filter((e) => e.type === T.TaskCreated).map((e) => e.data.taskId as number));
  const needed = new Set<number>();
  for (const e of events) {
    if (e.type === T.SubmissionSubmitted && !e.data.reviewDeadline && !created.has(e.data.taskId)) needed.add(e.data.taskId);
  }
  if (!needed.size) return terms;
  const rows: Array<{ task_id: number; review_within_seconds: number; review_until: Date }> = await tx.query(
    `SELECT task_id, review_within_seconds, review_until FROM ${table} WHERE task_id = ANY($1)`, [[...needed]],
  );
  for (const r of rows) terms.set(r.task_id, { reviewWithinSeconds: r.review_within_seconds, reviewUntil: new Date(r.review_until) });
  return terms;
}

/**
 * A submission's review deadline in ms: the one SubmissionSubmitted recorded, or for older events the aggregate's
 * own rule (reviewDeadlineMs), so the read models and the aggregate never disagree; NaN for a task never seen.
 */
export function submissionReviewDeadlineMs(submitted: { reviewDeadline?: string | null }, submittedAt: number, terms: ReviewTerms | undefined): number {
  if (submitted.reviewDeadline) return Date.parse(submitted.reviewDeadline);
  return terms ? reviewDeadlineMs(submittedAt, terms.reviewWithinSeconds, terms.reviewUntil) : Number.NaN;
}

/** A TaskCreated's terms: kept for the rest of the batch in `terms`, and in the model's own table for later batches. */
export function recordReviewTerms(created: StoredEvent, terms: Map<number, ReviewTerms>, table: TermsTable, batch: ProjectionBatch): void {
  const d = created.data;
  const t = reviewTermsOf(upcastTaskEventData(T.TaskCreated, d));
  terms.set(d.taskId, t);
  batch.write(
    `INSERT INTO ${table} (task_id, creator_id, review_within_seconds, review_until) VALUES ($1, $2, $3, $4)
     ON CONFLICT (task_id) DO NOTHING`,
    [d.taskId, d.creatorId, t.reviewWithinSeconds, t.reviewUntil.toISOString()],
  );
}
