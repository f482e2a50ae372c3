import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { ProofData, SubmissionChangesRequestedData, SubmissionResubmittedData, TaskEvents as T } from '../tasks/domain/task.events';

const proofJson = (p: ProofData) => JSON.stringify({ proofLink: p.proofLink, proofText: p.proofText, proofFileUrl: p.proofFileUrl, notes: p.notes });

/**
 * The revision history (`submission_revisions`): one row per request for changes (what was asked, by whom,
 * until when) completed by its resubmission (the proof before and after, and which fields changed).
 */
@Injectable()
@ReadModelProjection()
export class SubmissionRevisionsProjection implements Projection {
  readonly name = 'submission-revisions';
  readonly tables = ['submission_revisions'];

  async apply(events: StoredEvent[], _tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    for (const e of events) {
      if (e.type === T.SubmissionChangesRequested) {
        const d = e.data as SubmissionChangesRequestedData;
        batch.write(
          `INSERT INTO submission_revisions (submission_id, round, task_id, feedback, requested_by, requested_at, resubmit_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (submission_id, round) DO NOTHING`,
          [d.submissionId, d.round, d.taskId, d.feedback, d.reviewerId, d.requestedAt, d.resubmitBy],
        );
      } else if (e.type === T.SubmissionResubmitted) {
        const d = e.data as SubmissionResubmittedData;
        const changed = (['proofLink', 'proofText', 'proofFileUrl', 'notes'] as const).filter((k) => (d.previous[k] ?? null) !== (d[k] ?? null));
        batch.write(
          `UPDATE submission_revisions SET previous = $3::jsonb, proof = $4::jsonb, changed = $5::jsonb, resubmitted_at = $6
            WHERE submission_id = $1 AND round = $2`,
          [d.submissionId, d.round, proofJson(d.previous), proofJson(d), JSON.stringify(changed), d.resubmittedAt],
        );
      }
    }
  }
}
