import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { SignedInGuard } from '../auth/guards';
import { forbidden, notFound } from '../common/domain-error';
import { SubmissionQueries } from '../submissions/queries/submission.queries';
import { SubmissionView } from '../submissions/queries/submission.view';
import { TaskQueries } from '../tasks/queries/task.queries';
import { MESSAGES } from '../tasks/domain/task.aggregate';
import { UserRecord } from '../users/users.read-repository';
import { RequestPayoutCommand } from '../tasks/commands/request-payout.command';
import { ReleaseRewardDto } from './release-reward.dto';

export const NOT_RELEASER = "Only the task's creator, an admin or the earner can release this reward";

class ReleaseRewardAnswer {
  @ApiProperty() success!: boolean;
  @ApiProperty({ description: 'false when the payout was already requested, sent or paid (nothing new recorded)' })
  requested!: boolean;
  @ApiProperty({ type: SubmissionView }) submission!: SubmissionView;
}

@ApiTags('payouts')
@Controller('api/blockchain')
export class ReleaseRewardController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: TaskQueries,
    private readonly submissions: SubmissionQueries,
  ) {}

  @Post('release-reward')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: "Request (or retry) the on-chain payout of an approved submission's reward",
    description:
      'Idempotent: a payout already requested, sent or paid is left as it is (requested: false), so calling ' +
      'twice never pays twice; a failed payout is requested again. The task\'s creator, an admin, or the earner ' +
      'themselves (e.g. after linking a wallet) may ask. The payout worker sends the transaction and ' +
      'the indexer marks the submission paid (payoutStatus released, transactionHash).',
  })
  @ApiOkResponse({ type: ReleaseRewardAnswer })
  @ApiUnauthorizedResponse({ description: 'Not authenticated' })
  @ApiForbiddenResponse({ description: NOT_RELEASER })
  @ApiNotFoundResponse({ description: 'Task not found / Submission not found' })
  @ApiConflictResponse({ description: 'Only an approved submission can be paid / the earner has no linked wallet yet / refunded' })
  async release(@Body() dto: ReleaseRewardDto, @CurrentUser() user: UserRecord): Promise<ReleaseRewardAnswer> {
    const creatorId = await this.tasks.creatorOf(dto.taskId);
    if (creatorId === null) throw notFound(MESSAGES.taskNotFound);
    // The earner may retry their own payout: asking never pays more than the approval decided (idempotent).
    if (creatorId !== user.id && !user.isAdmin && dto.recipientId !== user.id) throw forbidden(NOT_RELEASER);
    const submission = await this.submissions.ofUserOnTask(dto.recipientId, dto.taskId);
    if (!submission) throw notFound(MESSAGES.submissionNotFound);
    const requested: boolean = await this.commands.execute(new RequestPayoutCommand(submission.id, user.id));
    return { success: true, requested, submission: (await this.submissions.ofUserOnTask(dto.recipientId, dto.taskId))! };
  }
}
