import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SIGNAL_LABELS } from '../../admin/queries/signal-labels';
import { StoredValidation } from '../../admin/stored-validation';
import { spamSignalKind } from '../../validation/spam-guard';

export class RelatedSubmissionView {
  @ApiProperty() submissionId!: number;
  @ApiProperty() taskId!: number;
}

/** One spam-guard signal the validator found, measured. */
export class EvidenceSignalView {
  @ApiProperty({ description: "The validator's signal code, e.g. duplicate_text" }) code!: string;
  @ApiProperty({ description: 'In reviewer words' }) label!: string;
  @ApiProperty({ enum: ['duplicate proof', 'sybil signals'] }) kind!: 'duplicate proof' | 'sybil signals';
  @ApiPropertyOptional({
    type: Number, nullable: true,
    description: '0 to 1: share of the text shared, of image-hash bits matching, 1 for the same link or file; null when not measured',
  })
  score!: number | null;
  @ApiProperty({ type: [RelatedSubmissionView], description: 'The other submissions it points at (the copied one, the cluster)' })
  related!: RelatedSubmissionView[];
}

/**
 * The validator's evidence as the reviewers (the task's creator and admins) see it beside the submission (issue 22):
 * the spam guard's flag, the signals it reads (duplicate proof with the other submission, sybil clusters) with their
 * scores, and the validator's risk. From the last validation stored on the submission; `validated` false when none.
 */
export class ReviewEvidenceView {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Why the spam guard handed it to the admins; null: not flagged' })
  flag!: string | null;
  @ApiProperty() validated!: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, enum: ['low', 'medium', 'high'] }) riskLevel!: string | null;
  @ApiProperty({ description: 'The risk is high: one of the spam guard\'s reasons' }) highRisk!: boolean;
  @ApiPropertyOptional({ type: Number, nullable: true, description: '0 to 1' }) confidence!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: '0 to 100' }) qualityScore!: number | null;
  @ApiProperty({ type: [EvidenceSignalView] }) signals!: EvidenceSignalView[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isRelated = (v: unknown): v is RelatedSubmissionView =>
  typeof v === 'object' && v !== null && Number.isInteger((v as RelatedSubmissionView).submissionId) && Number.isInteger((v as RelatedSubmissionView).taskId);

/**
 * The evidence from a stored validation (submissions.ai_validation) and the spam guard's flag. Validations stored
 * before the evidence was measured keep their signal codes: those show without score or related submissions.
 */
export function reviewEvidenceView(stored: Partial<StoredValidation> | null, flag: string | null): ReviewEvidenceView {
  const codes = Array.isArray(stored?.audit?.signals) ? stored.audit.signals.filter((c): c is string => typeof c === 'string') : [];
  const measured = Array.isArray(stored?.audit?.evidence) ? stored.audit.evidence : [];
  const signals: EvidenceSignalView[] = [];
  for (const code of new Set(codes)) {
    const kind = spamSignalKind(code);
    if (!kind) continue;
    const m = measured.find((e) => e?.code === code);
    signals.push({
      code, label: SIGNAL_LABELS[code] ?? code, kind, score: num(m?.score),
      related: Array.isArray(m?.related) ? m.related.filter(isRelated).slice(0, 10).map((r) => ({ submissionId: r.submissionId, taskId: r.taskId })) : [],
    });
  }
  const riskLevel = typeof stored?.riskLevel === 'string' ? stored.riskLevel : null;
  return {
    flag, validated: stored != null, riskLevel, highRisk: riskLevel === 'high',
    confidence: num(stored?.confidence), qualityScore: num(stored?.qualityScore), signals,
  };
}
