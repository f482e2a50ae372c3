import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notFound } from '../common/domain-error';
import { MESSAGES } from '../tasks/task.aggregate';

/** Which task stream holds a submission (submissions live in their task's stream). */
@Injectable()
export class SubmissionLocator {
  constructor(private readonly dataSource: DataSource) {}

  async taskIdOf(submissionId: number): Promise<number> {
    const rows: Array<{ task_id: number }> = await this.dataSource.query(
      `SELECT task_id FROM submissions WHERE id = $1`,
      [submissionId],
    );
    if (!rows.length) throw notFound(MESSAGES.submissionNotFound);
    return rows[0].task_id;
  }
}
