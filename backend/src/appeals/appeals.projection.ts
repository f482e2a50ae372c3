import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { SubmissionAppealDecidedData, SubmissionAppealedData, TaskEvents as T } from '../tasks/domain/task.events';

/** Appeals (`submission_appeals`, one per submission): the admins' queue and what the earner sees. */
@Injectable()
@ReadModelProjection()
export class AppealsProjection implements Projection {
  readonly name = 'submission-appeals';
  readonly tables = ['submission_appeals'];

  async apply(events: StoredEvent[], _tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    for (const e of events) {
      if (e.type === T.SubmissionAppealed) {
        const d = e.data as SubmissionAppealedData;
        batch.write(
          `INSERT INTO submission_appeals (submission_id, task_id, user_id, message, appealed_at, decide_by)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (submission_id) DO NOTHING`,
          [d.submissionId, d.taskId, d.userId, d.message, d.appealedAt, d.decideBy],
        );
      } else if (e.type === T.SubmissionAppealUpheld || e.type === T.SubmissionAppealOverturned) {
        const d = e.data as SubmissionAppealDecidedData;
        batch.write(
          `UPDATE submission_appeals SET status = $2, decided_by = $3, reason = $4, decided_at = $5, decided_by_system = $6 WHERE submission_id = $1`,
          [d.submissionId, e.type === T.SubmissionAppealUpheld ? 'upheld' : 'overturned', d.adminId, d.reason, d.decidedAt, d.auto === true],
        );
      }
    }
  }
}
