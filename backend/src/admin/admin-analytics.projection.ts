import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { SubmissionAiValidatedData, TaskEvents as T } from '../tasks/domain/task.events';
import { StoredValidation } from './stored-validation';

/**
 * `admin_ai_validations`: one row per validation run (SubmissionAiValidated), keyed by the event's global
 * position so re-applying a batch is a no-op. The AI Analytics tab aggregates it in SQL, joined with the
 * submissions' final status for the validator-vs-human agreement.
 */
@Injectable()
@ReadModelProjection()
export class AdminAnalyticsProjection implements Projection {
  readonly name = 'admin_ai_validations';
  readonly tables = ['admin_ai_validations'];

  async apply(events: StoredEvent[], _tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    const rows = events
      .filter((e) => e.type === T.SubmissionAiValidated)
      .map((e) => {
        const d = e.data as SubmissionAiValidatedData;
        const r = d.result as Partial<StoredValidation>;
        return {
          position: e.globalPosition.toString(),
          submission_id: d.submissionId,
          task_id: d.taskId,
          validated_by: d.validatedBy,
          approved: r.approved === true,
          confidence: typeof r.confidence === 'number' ? r.confidence : 0,
          quality_score: typeof r.qualityScore === 'number' ? Math.round(r.qualityScore) : null,
          risk_level: typeof r.riskLevel === 'string' ? r.riskLevel : 'high',
          verification_status: r.verificationStatus ?? null,
          auto_eligible: r.autoApprovalEligible === true,
          auto_approve_requested: r.audit?.autoApproveRequested === true,
          signals: Array.isArray(r.audit?.signals) ? r.audit.signals : [],
          validator: r.audit?.validator ?? null,
          duration_ms: Math.round(d.durationMs),
          validated_at: e.createdAt.toISOString(),
        };
      });
    if (!rows.length) return;
    batch.write(
      `INSERT INTO admin_ai_validations
         SELECT * FROM jsonb_populate_recordset(NULL::admin_ai_validations, $1::jsonb)
       ON CONFLICT (position) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }
}
