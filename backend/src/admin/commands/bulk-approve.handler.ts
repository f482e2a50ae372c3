import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ReviewSubmissionCommand } from '../../tasks/commands/review-submission.command';
import { BulkApproveCommand, BulkApproveResponse } from './bulk-approve.command';

/** One ReviewSubmissionCommand per submission, so every rule and the payout request apply to each. */
@CommandHandler(BulkApproveCommand)
export class BulkApproveHandler implements ICommandHandler<BulkApproveCommand, BulkApproveResponse> {
  constructor(
    private readonly commands: CommandBus,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ admin, submissionIds }: BulkApproveCommand): Promise<BulkApproveResponse> {
    const out: BulkApproveResponse = { processed: 0, skipped: 0, errors: [] };
    let ids: number[];
    if (submissionIds?.length) {
      ids = [...new Set(submissionIds)];
      const rows: Array<{ id: number; status: string }> = await this.dataSource.query(
        `SELECT id, status FROM submissions WHERE id = ANY($1)`, [ids]);
      const status = new Map(rows.map((r) => [r.id, r.status]));
      ids = ids.filter((id) => {
        const st = status.get(id);
        if (st === undefined) out.errors.push({ submissionId: id, message: 'Submission not found' });
        else if (st !== 'pending') out.skipped++;
        return st === 'pending';
      });
    } else {
      ids = (await this.dataSource.query(
        `SELECT id FROM submissions WHERE status = 'pending' ORDER BY created_at, id LIMIT $1`, [this.config.ADMIN_BULK_LIMIT],
      )).map((r: { id: number }) => r.id);
    }
    for (const id of ids) {
      try {
        await this.commands.execute(new ReviewSubmissionCommand(admin, id, 'approved', null));
        out.processed++;
      } catch (err) {
        out.errors.push({ submissionId: id, message: (err as Error).message });
      }
    }
    return out;
  }
}
