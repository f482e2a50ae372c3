import { SubmitterView } from '../../creator-records/creator-record.view';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SIGNAL_LABELS } from '../../admin/queries/signal-labels';
import { StoredValidation } from '../../admin/stored-validation';
import { SubmissionRevisionView } from '../../revisions/submission-revision.view';
import { ReviewEvidenceView } from './review-evidence.view';
import { SubmissionWithTask } from './submission.view';

/**
 * The AI validation last stored on a submission (its SubmissionAiValidated event), as the review dialog shows it
 * when an admin reopens a validated submission: the spec's result fields plus what the validator found and when.
 * Admins only: the earner, the creator and everyone else never receive it.
 */
export class StoredValidationView {
  @ApiProperty() approved!: boolean;
  @ApiProperty({ description: '0 to 1' }) confidence!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: '0 to 100' }) qualityScore!: number | null;
  @ApiProperty({ enum: ['low', 'medium', 'high'] }) riskLevel!: string;
  @ApiProperty() category!: string;
  @ApiProperty({ enum: ['verified', 'needs_verification', 'failed'] }) verificationStatus!: string;
  @ApiProperty() reasoning!: string;
  @ApiProperty({ type: [String] }) issues!: string[];
  @ApiProperty({ type: [String] }) suggestions!: string[];
  @ApiProperty() autoApprovalEligible!: boolean;
  @ApiProperty({ type: [String], description: 'The checks that fired, in reviewer words (e.g. "Same image file as another user\'s")' })
  evidence!: string[];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Which validator answered, e.g. "heuristic"' }) validator!: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) validatedAt!: Date | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'The admin who asked for it' }) validatedBy!: number | null;
}

/** GET /api/submissions/:id: the submission with its revision history (issue 22). */
export class SubmissionDetail extends SubmissionWithTask {
  @ApiProperty({ type: [SubmissionRevisionView], description: 'Each request for changes and its resubmission, oldest first' })
  revisions!: SubmissionRevisionView[];
}

export class SubmissionForAdmin extends SubmissionDetail {
  @ApiPropertyOptional({ type: SubmitterView, description: "The task's creator and admins only: who submitted and their record as an earner" })
  submitter?: SubmitterView;
  @ApiPropertyOptional({
    type: ReviewEvidenceView, description: "The task's creator and admins only: the validator's evidence (spam-guard signals, their scores, the other submissions)",
  })
  evidence?: ReviewEvidenceView;
  @ApiPropertyOptional({ type: StoredValidationView, nullable: true, description: 'Admins only: the stored AI validation' })
  aiValidation!: StoredValidationView | null;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The stored event data (result + audit) in the API's shape; unknown signal codes are shown as they are. */
export function storedValidationView(
  stored: Partial<StoredValidation>,
  run: { validatedAt: Date | null; validatedBy: number | null },
): StoredValidationView {
  return {
    approved: stored.approved === true,
    confidence: typeof stored.confidence === 'number' ? stored.confidence : 0,
    qualityScore: typeof stored.qualityScore === 'number' ? stored.qualityScore : null,
    riskLevel: typeof stored.riskLevel === 'string' ? stored.riskLevel : 'high',
    category: typeof stored.category === 'string' ? stored.category : '',
    verificationStatus: typeof stored.verificationStatus === 'string' ? stored.verificationStatus : 'needs_verification',
    reasoning: typeof stored.reasoning === 'string' ? stored.reasoning : '',
    issues: strings(stored.issues),
    suggestions: strings(stored.suggestions),
    autoApprovalEligible: stored.autoApprovalEligible === true,
    evidence: strings(stored.audit?.signals).map((code) => SIGNAL_LABELS[code] ?? code),
    validator: typeof stored.audit?.validator === 'string' ? stored.audit.validator : null,
    validatedAt: run.validatedAt,
    validatedBy: run.validatedBy,
  };
}
