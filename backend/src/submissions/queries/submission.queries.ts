import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
