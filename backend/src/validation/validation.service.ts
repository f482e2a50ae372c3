import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notFound } from '../common/domain-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { MESSAGES } from '../tasks/domain/task.aggregate';
import { EvidenceCollector } from './evidence-collector';
import {
  SUBMISSION_VALIDATOR, SubmissionUnderReview, SubmissionValidator, TaskUnderReview, ValidationOutcome,
} from './validation.types';
import { thresholdsOf } from './validation.thresholds';

export interface ValidationRun {
  submission: SubmissionUnderReview & { status: string };
  task: TaskUnderReview;
  outcome: ValidationOutcome;
  durationMs: number;
}

/** Loads a submission and its task from the read models, gathers evidence and runs the configured validator. */
@Injectable()
export class ValidationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly evidence: EvidenceCollector,
    @Inject(SUBMISSION_VALIDATOR) private readonly validator: SubmissionValidator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async validate(submissionId: number): Promise<ValidationRun> {
    const started = performance.now();
    const [row] = await this.dataSource.query(
      `SELECT s.id, s.task_id, s.user_id, s.proof_link, s.proof_text, s.proof_file_url, s.notes, s.status,
              t.title, t.description, t.requirements, t.category, t.submission_type
         FROM submissions s JOIN tasks t ON t.id = s.task_id WHERE s.id = $1`, [submissionId]);
    if (!row) throw notFound(MESSAGES.submissionNotFound);
    const submission = {
      id: row.id, taskId: row.task_id, userId: row.user_id, proofLink: row.proof_link, proofText: row.proof_text,
      proofFileUrl: row.proof_file_url, notes: row.notes, status: row.status,
    };
    const task: TaskUnderReview = {
      id: row.task_id, title: row.title, description: row.description, requirements: row.requirements,
      category: row.category, submissionType: row.submission_type,
    };
    const thresholds = thresholdsOf(this.config);
    const evidence = await this.evidence.collect(submission, thresholds.imageDhashMaxDistance);
    const outcome = await this.validator.validate({ task, submission, evidence });
    return { submission, task, outcome, durationMs: Math.max(1, Math.round(performance.now() - started)) };
  }

  /** See EvidenceCollector.backfillImageFingerprints: done once before a bulk run. */
  backfillImageFingerprints(): Promise<number> {
    return this.evidence.backfillImageFingerprints(this.config.ADMIN_BULK_LIMIT * 4);
  }
}
