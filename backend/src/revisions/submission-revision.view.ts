import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ProofView {
  @ApiPropertyOptional({ type: String, nullable: true }) proofLink!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) proofText!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) proofFileUrl!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) notes!: string | null;
}

/** One round of revise and resubmit: what was asked and what changed (null fields until it is resubmitted). */
export class SubmissionRevisionView {
  @ApiProperty({ description: '1 for the first request for changes' }) round!: number;
  @ApiProperty({ description: 'What the reviewer asked' }) feedback!: string;
  @ApiProperty() requestedBy!: number;
  @ApiProperty({ format: 'date-time' }) requestedAt!: Date;
  @ApiProperty({ format: 'date-time' }) resubmitBy!: Date;
  @ApiPropertyOptional({ type: ProofView, nullable: true, description: 'The proof before the revision' }) previous!: ProofView | null;
  @ApiPropertyOptional({ type: ProofView, nullable: true, description: 'The revised proof' }) proof!: ProofView | null;
  @ApiProperty({ type: [String], description: 'The proof fields the revision changed' }) changed!: string[];
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) resubmittedAt!: Date | null;
}

export const REVISION_COLUMNS = `round, feedback, requested_by AS "requestedBy", requested_at AS "requestedAt", resubmit_by AS "resubmitBy",
  previous, proof, COALESCE(changed, '[]'::jsonb) AS changed, resubmitted_at AS "resubmittedAt"`;
