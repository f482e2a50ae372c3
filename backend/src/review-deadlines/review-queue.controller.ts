import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { AdminGuard } from '../auth/guards';
import { ChainClock } from '../clock/chain-clock';
import { StoredValidation } from '../admin/stored-validation';
import { ReviewEvidenceView, reviewEvidenceView } from '../submissions/queries/review-evidence.view';

export class FlaggedSubmissionView {
  @ApiProperty() submissionId!: number;
  @ApiProperty() taskId!: number;
  @ApiProperty() taskTitle!: string;
  @ApiProperty() userId!: number;
  @ApiPropertyOptional({ type: String, nullable: true }) username!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: "The submitter's full wallet (null: none linked)" }) walletAddress!: string | null;
  @ApiProperty({ description: 'Whole CENT an approval releases' }) reward!: number;
  @ApiProperty({ description: "Why the spam guard kept it from being approved automatically" }) reason!: string;
  @ApiProperty({ format: 'date-time' }) flaggedAt!: Date;
  @ApiProperty({ type: ReviewEvidenceView, description: "The validator's evidence: the signals, their scores, the other submissions" })
  evidence!: ReviewEvidenceView;
  @ApiProperty({ format: 'date-time' }) reviewDeadline!: Date;
  @ApiProperty({ format: 'date-time', description: "The task's review cut-off: unreviewed by then it is rejected with the reason" })
  decideBy!: Date;
  @ApiProperty({ description: 'Seconds until decideBy on the chain clock (0 once passed)' }) timeLeftSeconds!: number;
}

export class ReviewQueueView {
  @ApiProperty({ format: 'date-time', description: 'The chain clock (max of server time and the latest block time)' }) now!: Date;
  @ApiProperty({ type: [FlaggedSubmissionView] }) items!: FlaggedSubmissionView[];
}

/**
 * The admins' queue of flagged submissions (spam guard), soonest cut-off first, each with who submitted and the
 * validator's evidence (the Flagged tab of the admin console).
 */
@ApiTags('admin')
@Controller('api/admin/review-queue')
@UseGuards(AdminGuard)
export class ReviewQueueController {
  constructor(private readonly db: DataSource, private readonly clock: ChainClock) {}

  @Get()
  @ApiOkResponse({ type: ReviewQueueView })
  async queue(): Promise<ReviewQueueView> {
    const now = this.clock.now();
    const rows: Array<Omit<FlaggedSubmissionView, 'timeLeftSeconds' | 'evidence'> & { validation: Partial<StoredValidation> | null }> = await this.db.query(
      `SELECT d.submission_id AS "submissionId", d.task_id AS "taskId", tk.title AS "taskTitle", tk.reward, d.user_id AS "userId",
              u.username, u.wallet_address AS "walletAddress", s.ai_validation AS validation,
              d.flagged_reason AS reason, d.flagged_at AS "flaggedAt", d.review_deadline AS "reviewDeadline", t.review_until AS "decideBy"
         FROM review_deadlines d JOIN review_deadline_tasks t ON t.task_id = d.task_id JOIN tasks tk ON tk.id = d.task_id
         LEFT JOIN submissions s ON s.id = d.submission_id LEFT JOIN users u ON u.id = d.user_id
        WHERE d.status = 'pending' AND d.flagged_reason IS NOT NULL
        ORDER BY t.review_until, d.submission_id LIMIT 500`);
    return {
      now,
      items: rows.map(({ validation, ...r }) => ({
        ...r,
        evidence: reviewEvidenceView(validation, r.reason),
        timeLeftSeconds: Math.max(0, Math.floor((new Date(r.decideBy).getTime() - now.getTime()) / 1000)),
      })),
    };
  }
}
