import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StoredValidation } from '../../admin/stored-validation';
import { storedValidationView, StoredValidationView } from './stored-validation.view';
import { ReviewEvidenceView, reviewEvidenceView } from './review-evidence.view';
import { REVISION_COLUMNS, SubmissionRevisionView } from '../../revisions/submission-revision.view';
import { SUBMISSION_COLUMNS, SUBMISSION_TASK_COLUMN, SubmissionView, SubmissionWithTask } from './submission.view';

/** Reads of the `submissions` projection for the API; each list is one statement. */
@Injectable()
export class SubmissionQueries {
  constructor(private readonly dataSource: DataSource) {}

  async findWithTask(id: number): Promise<SubmissionWithTask | null> {
    const rows: SubmissionWithTask[] = await this.dataSource.query(
      `SELECT ${SUBMISSION_COLUMNS}, ${SUBMISSION_TASK_COLUMN}
         FROM submissions s JOIN tasks t ON t.id = s.task_id WHERE s.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * The AI validation last stored on a submission, with when and by whom it ran (the newest validation event's
   * row in admin_ai_validations), or null when it was never validated. For admins' eyes only (the controller).
   */
  async storedValidation(id: number): Promise<StoredValidationView | null> {
    const rows: Array<{ result: Partial<StoredValidation> | null; validatedAt: Date | null; validatedBy: number | null }> =
      await this.dataSource.query(
        `SELECT s.ai_validation AS result, v.validated_at AS "validatedAt", v.validated_by AS "validatedBy"
           FROM submissions s
           LEFT JOIN LATERAL (SELECT validated_at, validated_by FROM admin_ai_validations a
                               WHERE a.submission_id = s.id ORDER BY a.position DESC LIMIT 1) v ON true
          WHERE s.id = $1`,
        [id],
      );
    const row = rows[0];
    return row?.result ? storedValidationView(row.result, row) : null;
  }

  /** The validator's evidence for the reviewers (issue 22): from the validation stored on it and the spam guard's flag. */
  async reviewEvidence(id: number, flag: string | null): Promise<ReviewEvidenceView> {
    const rows: Array<{ result: Partial<StoredValidation> | null }> =
      await this.dataSource.query(`SELECT s.ai_validation AS result FROM submissions s WHERE s.id = $1`, [id]);
    return reviewEvidenceView(rows[0]?.result ?? null, flag);
  }

  /** The revision history of a submission, oldest round first. */
  revisions(id: number): Promise<SubmissionRevisionView[]> {
    return this.dataSource.query(`SELECT ${REVISION_COLUMNS} FROM submission_revisions WHERE submission_id = $1 ORDER BY round`, [id]);
  }

  async ofUserOnTask(userId: number, taskId: number): Promise<SubmissionView | null> {
    const rows: SubmissionView[] = await this.dataSource.query(
      `SELECT ${SUBMISSION_COLUMNS} FROM submissions s WHERE s.task_id = $1 AND s.user_id = $2 ORDER BY s.id LIMIT 1`,
      [taskId, userId],
    );
    return rows[0] ?? null;
  }

  /** A user's own submissions, newest first, each with its task's title, category and reward. */
  async byUser(userId: number): Promise<SubmissionWithTask[]> {
    return this.dataSource.query(
      `SELECT ${SUBMISSION_COLUMNS}, ${SUBMISSION_TASK_COLUMN}
         FROM submissions s JOIN tasks t ON t.id = s.task_id
        WHERE s.user_id = $1 ORDER BY s.id DESC`,
      [userId],
    );
  }

  /** The submissions of several tasks in one query, grouped by task id (each group oldest first). */
  async byTasks(taskIds: number[]): Promise<Map<number, SubmissionView[]>> {
    const groups = new Map<number, SubmissionView[]>(taskIds.map((id) => [id, []]));
    if (!taskIds.length) return groups;
    const rows: SubmissionView[] = await this.dataSource.query(
      `SELECT ${SUBMISSION_COLUMNS} FROM submissions s WHERE s.task_id = ANY($1) ORDER BY s.task_id, s.id`,
      [taskIds],
    );
    for (const r of rows) groups.get(r.taskId)?.push(r);
    return groups;
  }
}
