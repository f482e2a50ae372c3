import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ReviewSubmissionCommand } from '../../tasks/commands/review-submission.command';
import { ValidationService } from '../../validation/validation.service';
import { AutoApprovalEntry, BulkValidateCommand, BulkValidateResponse } from './bulk-validate.command';
import { ValidateSubmissionCommand, ValidatedSubmission } from './validate-submission.command';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * "AI Analyze All" / "AI Auto-Approve": validates every pending submission (each stored like a single
 * validation). With autoApprove, each eligible one is then approved through ReviewSubmissionCommand with
 * the admin as reviewer, exactly as if they had pressed Approve: same rules, same payout request.
 * One submission failing (validation or approval) never stops the run; it is reported.
 */
@CommandHandler(BulkValidateCommand)
export class BulkValidateHandler implements ICommandHandler<BulkValidateCommand, BulkValidateResponse> {
  constructor(
    private readonly commands: CommandBus,
    private readonly dataSource: DataSource,
    private readonly validation: ValidationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ admin, autoApprove }: BulkValidateCommand): Promise<BulkValidateResponse> {
    const ids: number[] = (await this.dataSource.query(
      `SELECT id FROM submissions WHERE status = 'pending' ORDER BY created_at, id LIMIT $1`, [this.config.ADMIN_BULK_LIMIT],
    )).map((r: { id: number }) => r.id);
    // Fingerprint every proof image first, so each image is compared with all the others.
    await this.validation.backfillImageFingerprints();

    const out: BulkValidateResponse = {
      summary: { total: 0, approved: 0, rejected: 0, autoApprovalEligible: 0 },
      autoApproval: { autoApproved: [], requiresReview: [], summary: '' },
      results: [],
      errors: [],
    };
    for (const id of ids) {
      let v: ValidatedSubmission;
      try {
        v = await this.commands.execute(new ValidateSubmissionCommand(admin.id, id, autoApprove));
      } catch (err) {
        out.errors.push({ submissionId: id, message: (err as Error).message });
        continue;
      }
      const r = v.validation;
      out.summary.total++;
      if (r.approved) out.summary.approved++;
      else out.summary.rejected++;
      if (r.autoApprovalEligible) out.summary.autoApprovalEligible++;
      out.results.push({ submissionId: id, taskTitle: v.taskTitle, validation: r });
      const entry: AutoApprovalEntry = { submissionId: id, taskTitle: v.taskTitle, confidence: r.confidence };
      if (!r.autoApprovalEligible) {
        out.autoApproval.requiresReview.push({ ...entry, reason: r.issues[0] ?? notEligibleReason(r.confidence, this.config) });
      } else if (!autoApprove) {
        out.autoApproval.requiresReview.push({ ...entry, reason: 'Eligible for auto-approval; run AI Auto-Approve or approve it manually' });
      } else {
        try {
          await this.commands.execute(new ReviewSubmissionCommand(admin, id, 'approved', autoApprovalFeedback(r.confidence)));
          out.autoApproval.autoApproved.push(entry);
        } catch (err) {
          out.autoApproval.requiresReview.push({ ...entry, reason: `Auto-approval failed: ${(err as Error).message}` });
          out.errors.push({ submissionId: id, message: (err as Error).message });
        }
      }
    }
    out.autoApproval.summary = summaryText(out, autoApprove);
    return out;
  }
}

function notEligibleReason(confidence: number, config: AppConfig): string {
  return confidence < config.VALIDATOR_AUTO_APPROVE_MIN_CONFIDENCE
    ? `Confidence ${pct(confidence)} is below the auto-approval threshold of ${pct(config.VALIDATOR_AUTO_APPROVE_MIN_CONFIDENCE)}`
    : 'Needs a person to check it';
}

/** The review note the submitter sees on an automatic approval. */
export function autoApprovalFeedback(confidence: number): string {
  return `Approved automatically after AI validation (confidence ${pct(confidence)}, low risk).`;
}

function summaryText(r: BulkValidateResponse, autoApprove: boolean): string {
  const eligible = r.summary.autoApprovalEligible;
  if (autoApprove) {
    return `${r.autoApproval.autoApproved.length} of ${r.summary.total} submissions auto-approved; ` +
      `${r.autoApproval.requiresReview.length} require manual review.`;
  }
  return `${eligible} of ${r.summary.total} submissions eligible for auto-approval (none approved: auto-approve was off); ` +
    `${r.summary.total - eligible} require manual review.`;
}
