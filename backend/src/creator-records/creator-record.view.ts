import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BASE_UNITS_PER_CENT } from '../common/money';

/** A creator's record as the API answers it (creator-record.projection.ts defines each figure). */
export class CreatorRecordView {
  @ApiProperty() creatorId!: number;
  @ApiProperty({ description: 'Submissions to their tasks that were decided (0: a new creator, no history)' }) submissionsReviewed!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Median ms from submission to its first decision (null: none yet)' })
  medianReviewMs!: number | null;
  @ApiProperty({ description: 'Decided by the creator (not the system) at or before the review deadline' }) reviewedBeforeDeadline!: number;
  @ApiProperty({ description: 'Reviewed submissions that ended approved' }) approved!: number;
  @ApiProperty({ description: 'Approved by the system at the review deadline' }) autoApprovals!: number;
  @ApiProperty({ description: 'Rejections an appeal overturned' }) appealsOverturned!: number;
  @ApiProperty({ description: 'Whole CENT released on chain to their earners' }) centPaid!: number;
  @ApiProperty({ description: 'The same in base units (decimal string)' }) centPaidBaseUnits!: string;
}

/** The short form the task list carries per task (the card's line), or null for a new creator. */
export class CreatorRecordLine {
  @ApiProperty() reviewed!: number;
  @ApiProperty() approved!: number;
  @ApiProperty({ nullable: true, type: Number }) medianReviewMs!: number | null;
}

/** A user's record as an earner: what the reviewer sees of who submitted. */
export class EarnerRecordView {
  @ApiProperty({ description: 'Every submission they made' }) submissions!: number;
  @ApiProperty() approved!: number;
  @ApiProperty() rejected!: number;
  @ApiProperty({ description: 'Whole CENT released to them on chain' }) earned!: number;
}

export interface CreatorRecordRow {
  submissions_reviewed: number;
  reviewed_before_deadline: number;
  approved: number;
  auto_approved: number;
  appeals_overturned: number;
  median_review_ms: number | null;
  cent_paid: string;
}

export function creatorRecordView(creatorId: number, row: CreatorRecordRow | undefined): CreatorRecordView {
  const paid = BigInt(row?.cent_paid ?? '0');
  return {
    creatorId,
    submissionsReviewed: row?.submissions_reviewed ?? 0,
    medianReviewMs: row?.median_review_ms ?? null,
    reviewedBeforeDeadline: row?.reviewed_before_deadline ?? 0,
    approved: row?.approved ?? 0,
    autoApprovals: row?.auto_approved ?? 0,
    appealsOverturned: row?.appeals_overturned ?? 0,
    // Whole CENT, rounded down (released amounts are whole CENT rewards; the exact figure is beside it).
    centPaid: Number(paid / BASE_UNITS_PER_CENT),
    centPaidBaseUnits: paid.toString(),
  };
}

/**
 * Task events that move a creator's short line (reviewed, approved, median time to review): a review decided
 * on any of the creator's tasks. Every listed task of that creator shows the line, so the list's cache drops
 * the answers showing any of them (listing-cache.ts), not only the reviewed task's.
 */
export const CREATOR_LINE_EVENTS: ReadonlySet<string> = new Set(['SubmissionApproved', 'SubmissionRejected', 'SubmissionAppealOverturned']);

/** The select expression of the list's short line (alias `t` = tasks): one primary-key lookup per row. */
export const CREATOR_RECORD_LINE_COLUMN = `(SELECT json_build_object('reviewed', c.submissions_reviewed, 'approved', c.approved, 'medianReviewMs', c.median_review_ms)
    FROM creator_records c WHERE c.creator_id = t.creator_id AND c.submissions_reviewed > 0) AS "creatorRecord"`;

/** Who submitted, as the task's creator and admins see it in the review (never the submitter's email). */
export class SubmitterView {
  @ApiProperty() id!: number;
  @ApiPropertyOptional({ nullable: true, type: String }) username!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) profileImage!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Full address (checksummed as linked)' }) walletAddress!: string | null;
  @ApiProperty({ type: EarnerRecordView }) record!: EarnerRecordView;
}
