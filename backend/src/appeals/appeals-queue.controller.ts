import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { CurrentUser } from '../auth/current-user';
import { AdminGuard } from '../auth/guards';
import { ChainClock } from '../clock/chain-clock';
import { SubmissionQueries } from '../submissions/queries/submission.queries';
import { SubmissionWithTask } from '../submissions/queries/submission.view';
import { IdPipe } from '../common/id.pipe';
import { UserRecord } from '../users/users.read-repository';
import { DecideAppealDto } from './appeal.dto';
import { DecideAppealCommand } from '../tasks/commands/decide-appeal.command';

export class OpenAppealView {
  @ApiProperty() submissionId!: number;
  @ApiProperty() taskId!: number;
  @ApiProperty() taskTitle!: string;
  @ApiProperty() taskCreatorId!: number;
  @ApiProperty() userId!: number;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ description: "The earner's appeal" }) message!: string;
  @ApiProperty({ description: 'Why it was rejected (the review notes, kept while the appeal is open)' }) rejection!: string;
  @ApiProperty({ format: 'date-time' }) appealedAt!: Date;
  @ApiProperty({ format: 'date-time', description: "The task's review cut-off: undecided by then, the appeal is upheld automatically" })
  decideBy!: Date;
  @ApiProperty({ description: 'Seconds until decideBy on the chain clock (0 once passed)' }) timeLeftSeconds!: number;
}

export class AppealsQueueView {
  @ApiProperty({ format: 'date-time', description: 'The chain clock (max of server time and the latest block time)' }) now!: Date;
  @ApiProperty({ type: [OpenAppealView] }) items!: OpenAppealView[];
}

/**
 * The admins' appeals queue (issue 22), soonest cut-off first, and their decision. The aggregate refuses an
 * admin who created the task, rejected the submission or submitted it.
 */
@ApiTags('admin')
@Controller('api/admin/appeals')
@UseGuards(AdminGuard)
export class AppealsQueueController {
  constructor(
    private readonly db: DataSource,
    private readonly clock: ChainClock,
    private readonly commands: CommandBus,
    private readonly submissions: SubmissionQueries,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Open appeals with the time left to decide them' })
  @ApiOkResponse({ type: AppealsQueueView })
  async queue(): Promise<AppealsQueueView> {
    const now = this.clock.now();
    const rows: Array<Omit<OpenAppealView, 'timeLeftSeconds'>> = await this.db.query(
      `SELECT a.submission_id AS "submissionId", a.task_id AS "taskId", t.title AS "taskTitle", t.creator_id AS "taskCreatorId",
              a.user_id AS "userId", u.username, a.message, COALESCE(s.review_notes, '') AS rejection, a.appealed_at AS "appealedAt",
              a.decide_by AS "decideBy"
         FROM submission_appeals a JOIN tasks t ON t.id = a.task_id JOIN submissions s ON s.id = a.submission_id
         LEFT JOIN users u ON u.id = a.user_id
        WHERE a.status = 'open' ORDER BY a.decide_by, a.submission_id LIMIT 500`);
    return {
      now,
      items: rows.map((r) => ({ ...r, timeLeftSeconds: Math.max(0, Math.floor((new Date(r.decideBy).getTime() - now.getTime()) / 1000)) })),
    };
  }

  @Post(':submissionId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Uphold (reason required) or overturn an open appeal; overturned = approved and paid like any approval' })
  @ApiOkResponse({ type: SubmissionWithTask })
  @ApiBadRequestResponse({ description: 'Reason required' })
  @ApiForbiddenResponse({ description: 'Not an admin, or the task creator, the rejecting reviewer or the submitter' })
  @ApiConflictResponse({ description: 'No open appeal, or approvals closed' })
  async decide(
    @Param('submissionId', IdPipe) submissionId: number, @Body() dto: DecideAppealDto, @CurrentUser() user: UserRecord,
  ): Promise<SubmissionWithTask> {
    await this.commands.execute(new DecideAppealCommand({ id: user.id, isAdmin: user.isAdmin }, submissionId, dto.decision, dto.reason ?? null));
    return (await this.submissions.findWithTask(submissionId))!;
  }
}
