import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notFound } from '../../common/domain-error';
import { MESSAGES } from '../domain/task.aggregate';

/** Submissions whose task is remembered (a submission never moves to another task): ~100k small entries. */
const MAX_KNOWN = 100_000;

/** Which task stream holds a submission (submissions live in their task's stream). */
@Injectable()
export class SubmissionLocator {
  /** Found answers only (a submission not yet projected may appear later). Spares every review a query. */
  private readonly known = new Map<number, number>();

  constructor(private readonly dataSource: DataSource) {}

  async taskIdOf(submissionId: number): Promise<number> {
    const cached = this.known.get(submissionId);
    if (cached !== undefined) return cached;
    const rows: Array<{ task_id: number }> = await this.dataSource.query(
      `SELECT task_id FROM submissions WHERE id = $1`,
      [submissionId],
    );
    if (!rows.length) throw notFound(MESSAGES.submissionNotFound);
    this.remember(submissionId, rows[0].task_id);
    return rows[0].task_id;
  }

  /** Called once a submission is stored (its stream is its task's): its review needs no query. */
  remember(submissionId: number, taskId: number): void {
    this.known.delete(submissionId);
    if (this.known.size >= MAX_KNOWN) this.known.delete(this.known.keys().next().value as number);
    this.known.set(submissionId, taskId);
  }
}
