import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { appealUntilSql } from '../../tasks/domain/task-appeals';
import { PayoutStatus, SubmissionStatus } from '../../tasks/domain/task.constants';

/** The few task fields a submission list shows beside each entry (title, category, reward). */
export class SubmissionTaskSummary {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() category!: string;
  @ApiProperty({ description: 'Whole CENT' }) reward!: number;
  @ApiProperty() creatorId!: number;
}

/** An appeal of the rejection (issue 22): one per submission. */
export class SubmissionAppealView {
  @ApiProperty({ enum: ['open', 'upheld', 'overturned'] }) status!: 'open' | 'upheld' | 'overturned';
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'date-time' }) appealedAt!: Date;
  @ApiProperty({ format: 'date-time', description: "The task's review cut-off: undecided by then, upheld automatically" }) decideBy!: Date;
  @ApiPropertyOptional({ type: String, nullable: true, description: "The admin's reason" }) reason!: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) decidedAt!: Date | null;
  @ApiProperty({ description: 'Upheld by the system at the cut-off, not by an admin' }) decidedBySystem!: boolean;
}

/** A submission as the API answers it: the spec's Submission entity in camelCase plus its payout progress. */
export class SubmissionView {
  @ApiProperty() id!: number;
  @ApiProperty() taskId!: number;
  @ApiProperty() userId!: number;
  @ApiPropertyOptional({ type: String, nullable: true }) proofLink!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) proofText!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) proofFileUrl!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected', 'changes_requested', 'appealed'] }) status!: SubmissionStatus;
  @ApiPropertyOptional({ type: Number, nullable: true }) reviewedBy!: number | null;
  @ApiPropertyOptional({ type: String, nullable: true }) reviewNotes!: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) reviewedAt!: Date | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'The on-chain release transaction once seen' })
  transactionHash!: string | null;
  @ApiProperty() aiValidated!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: Date;
  @ApiProperty({ format: 'date-time' }) updatedAt!: Date;
  @ApiPropertyOptional({ enum: ['requested', 'sent', 'released', 'failed'], nullable: true })
  payoutStatus!: PayoutStatus | null;
  @ApiPropertyOptional({ type: String, nullable: true }) payoutError!: string | null;
  @ApiPropertyOptional({
    type: String, format: 'date-time', nullable: true,
    description: 'Review deadline: submittedAt + the task\'s "auto-approve after", never later than its review cut-off. Pending and ' +
      'unreviewed by then, it is approved automatically (unless the spam guard flagged it)',
  })
  reviewDeadline!: Date | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Why the spam guard handed it to the admins instead of approving it automatically' })
  reviewFlag!: string | null;
  @ApiProperty({ description: 'Decided by the system (auto-approval, cut-off), not a person: reviewedBy is then 0' })
  reviewedBySystem!: boolean;
  @ApiPropertyOptional({
    type: String, format: 'date-time', nullable: true,
    description: 'While changes are requested: the revision must be resubmitted by then (48 hours, or the cut-off), or it is rejected',
  })
  resubmitBy!: Date | null;
  @ApiPropertyOptional({ type: SubmissionAppealView, nullable: true }) appeal!: SubmissionAppealView | null;
  @ApiPropertyOptional({
    type: String, format: 'date-time', nullable: true,
    description: 'A rejection not yet appealed: it can be appealed until then (72 hours, never after the cut-off); null otherwise',
  })
  appealUntil!: Date | null;
  @ApiProperty({ description: 'The task has a free slot now: an appeal (which holds one while open) can be filed only then' })
  slotFree!: boolean;
}

export class SubmissionWithTask extends SubmissionView {
  @ApiProperty({ type: SubmissionTaskSummary }) task!: SubmissionTaskSummary;
}

/** From the review-deadlines read model, by primary key (scalar subqueries: every query keeps its FROM as it is). */
const REVIEW_DEADLINE_COLUMNS = `(SELECT rd.review_deadline FROM review_deadlines rd WHERE rd.submission_id = s.id) AS "reviewDeadline",
  (SELECT rd.flagged_reason FROM review_deadlines rd WHERE rd.submission_id = s.id) AS "reviewFlag",
  COALESCE((SELECT rd.decided_by_system FROM review_deadlines rd WHERE rd.submission_id = s.id), false) AS "reviewedBySystem"`;

/** Revise and resubmit, appeals (src/revisions, src/appeals); scalar subqueries on `s` only, like the above. */
const SECOND_CHANCE_COLUMNS = `(SELECT rd.resubmit_by FROM review_deadlines rd WHERE rd.submission_id = s.id AND s.status = 'changes_requested') AS "resubmitBy",
  (SELECT json_build_object('status', a.status, 'message', a.message, 'appealedAt', a.appealed_at, 'decideBy', a.decide_by,
          'reason', a.reason, 'decidedAt', a.decided_at, 'decidedBySystem', a.decided_by_system)
     FROM submission_appeals a WHERE a.submission_id = s.id) AS appeal,
  (SELECT ${appealUntilSql('s.reviewed_at', 'rt.review_until')} FROM review_deadline_tasks rt
    WHERE rt.task_id = s.task_id AND s.status = 'rejected' AND NOT rt.closed
      AND NOT EXISTS (SELECT 1 FROM submission_appeals a2 WHERE a2.submission_id = s.id)) AS "appealUntil",
  COALESCE((SELECT ts.completions + ts.pending_submissions < ts.max_completions FROM tasks ts WHERE ts.id = s.task_id), false) AS "slotFree"`;

/** Alias `s` = submissions. */
export const SUBMISSION_COLUMNS = `s.id, s.task_id AS "taskId", s.user_id AS "userId", s.proof_link AS "proofLink",
  s.proof_text AS "proofText", s.proof_file_url AS "proofFileUrl", s.notes, s.status, s.reviewed_by AS "reviewedBy",
  s.review_notes AS "reviewNotes", s.reviewed_at AS "reviewedAt", s.transaction_hash AS "transactionHash",
  s.ai_validated AS "aiValidated", s.created_at AS "createdAt", s.updated_at AS "updatedAt",
  s.payout_status AS "payoutStatus", s.payout_error AS "payoutError",
  ${REVIEW_DEADLINE_COLUMNS},
  ${SECOND_CHANCE_COLUMNS}`;

/** Alias `t` = tasks, joined on s.task_id. */
export const SUBMISSION_TASK_COLUMN = `json_build_object('id', t.id, 'title', t.title, 'category', t.category,
  'reward', t.reward, 'creatorId', t.creator_id) AS task`;
