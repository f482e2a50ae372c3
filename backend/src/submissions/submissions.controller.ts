import { Body, Controller, Get, HttpCode, Param, Patch, Post, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiForbiddenResponse,
  ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiProperty, ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { CreatorRecordQueries } from '../creator-records/creator-record.queries';
import { SubmitterView } from '../creator-records/creator-record.view';
import { SignedInGuard } from '../auth/guards';
import { RateLimit } from '../auth/rate-limit';
import { badRequest, forbidden, notFound } from '../common/domain-error';
import { IdPipe } from '../common/id.pipe';
import { TaskQueries } from '../tasks/queries/task.queries';
import { MESSAGES } from '../tasks/domain/task.aggregate';
import { ImageUploadInterceptor, UPLOAD_MESSAGES, UploadsService } from '../uploads';
import { UserRecord, UsersReadRepository } from '../users/users.read-repository';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';
import { SubmitProofCommand } from '../tasks/commands/submit-proof.command';
import { ReviewSubmissionDto } from './dto/review-submission.dto';
import { SubmitProofDto } from './dto/submit-proof.dto';
import { SubmissionQueries } from './queries/submission.queries';
import { AppealDto } from '../appeals/appeal.dto';
import { AppealRejectionCommand } from '../tasks/commands/appeal-rejection.command';
import { ResubmitProofCommand } from '../tasks/commands/resubmit-proof.command';
import { ResubmitProofDto } from './dto/resubmit-proof.dto';
import { SubmissionDetail, SubmissionForAdmin } from './queries/stored-validation.view';
import { SubmissionWithTask } from './queries/submission.view';

export const NOT_YOUR_SUBMISSION = 'You can only view your own submissions and those on tasks you created';
export const NOT_OUR_FILE = 'Invalid file: Please upload the file as proof with the upload button';

class UploadAnswer {
  @ApiProperty({ example: '/api/uploads/0123456789abcdef0123456789abcdef.png' }) fileUrl!: string;
}

const orNull = (v: string | null | undefined) => (v === undefined ? null : v);

@ApiTags('submissions')
@Controller('api/submissions')
@UseGuards(SignedInGuard)
@ApiUnauthorizedResponse({ description: 'Not authenticated' })
export class SubmissionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly submissions: SubmissionQueries,
    private readonly tasks: TaskQueries,
    private readonly uploads: UploadsService,
    private readonly records: CreatorRecordQueries,
    private readonly users: UsersReadRepository,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Submit proof on a task',
    description:
      'The submitter is the signed-in user. One submission per user and task; never on your own task; only on ' +
      'active, funded tasks before their deadline with a free slot.',
  })
  @ApiCreatedResponse({ type: SubmissionWithTask })
  @ApiBadRequestResponse({ description: "The proof does not fit the task's submission type (spec messages)" })
  @ApiForbiddenResponse({ description: 'You cannot submit proof on your own task' })
  @ApiNotFoundResponse({ description: 'Task not found' })
  @ApiConflictResponse({ description: 'Already submitted, task full, inactive, not funded or past its deadline' })
  async submit(@Body() dto: SubmitProofDto, @CurrentUser() user: UserRecord): Promise<SubmissionWithTask> {
    // A task the user may not see answers like a missing one, so hidden drafts do not leak through here.
    await this.tasks.findVisible(dto.taskId, { id: user.id, isAdmin: user.isAdmin });
    // A proof file is one of our stored uploads, never an arbitrary URL dressed up as a file.
    if (dto.proofFileUrl && !(await this.uploads.exists(dto.proofFileUrl))) throw badRequest(NOT_OUR_FILE);
    const id: number = await this.commands.execute(
      new SubmitProofCommand(user.id, dto.taskId, {
        proofLink: orNull(dto.proofLink),
        proofText: orNull(dto.proofText),
        proofFileUrl: orNull(dto.proofFileUrl),
        notes: orNull(dto.notes),
      }),
    );
    return (await this.submissions.findWithTask(id))!;
  }

  @Post('upload')
  @HttpCode(200)
  @RateLimit('upload')
  @UseInterceptors(ImageUploadInterceptor('file'))
  @ApiOperation({
    summary: 'Upload a proof image (multipart field `file`)',
    description: 'Images only (JPEG, PNG, GIF, WebP by content), under 2 MB; re-encoded and stored under a random key.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @ApiOkResponse({ type: UploadAnswer })
  @ApiBadRequestResponse({ description: UPLOAD_MESSAGES.invalidType })
  @ApiPayloadTooLargeResponse({ description: UPLOAD_MESSAGES.tooLarge })
  async upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<UploadAnswer> {
    const stored = await this.uploads.storeImage(file);
    return { fileUrl: stored.url };
  }

  @Get('user')
  @ApiOperation({ summary: "The signed-in user's submissions, newest first, each with its task's title and reward" })
  @ApiOkResponse({ type: [SubmissionWithTask] })
  mine(@CurrentUser() user: UserRecord): Promise<SubmissionWithTask[]> {
    return this.submissions.byUser(user.id);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One submission: to its submitter, the task creator and admins',
    description:
      'Admins also get `aiValidation`: the AI validation stored on it (null if never validated). Nobody else gets the key. ' +
      "The task's creator and admins (the reviewers) also get `submitter`: who submitted and their record as an earner, and " +
      "`evidence`: the validator's spam-guard signals with their scores and the other submissions they point at; " +
      'the submitter never gets the key.',
  })
  @ApiOkResponse({ type: SubmissionForAdmin })
  @ApiForbiddenResponse({ description: NOT_YOUR_SUBMISSION })
  @ApiNotFoundResponse({ description: 'Submission not found' })
  async findOne(@Param('id', IdPipe) id: number, @CurrentUser() user: UserRecord): Promise<SubmissionDetail | SubmissionForAdmin> {
    const found = await this.submissions.findWithTask(id);
    if (!found) throw notFound(MESSAGES.submissionNotFound);
    if (found.userId !== user.id && found.task.creatorId !== user.id && !user.isAdmin) throw forbidden(NOT_YOUR_SUBMISSION);
    const s: SubmissionDetail = { ...found, revisions: await this.submissions.revisions(id) };
    const reviewer = s.task.creatorId === user.id || user.isAdmin;
    // The reviewers see who submitted and the validator's evidence (issue 22: duplicates, sybil signals, risk).
    const withSubmitter = reviewer
      ? { ...s, submitter: await this.submitter(s.userId), evidence: await this.submissions.reviewEvidence(id, s.reviewFlag) }
      : s;
    // The validator's whole verdict (reasoning, issues, suggestions) is the admins' working material.
    if (!user.isAdmin) return withSubmitter;
    return { ...withSubmitter, aiValidation: await this.submissions.storedValidation(id) };
  }

  /** Who submitted, for the reviewer: public profile fields, the full wallet and their record as an earner. */
  private async submitter(userId: number): Promise<SubmitterView> {
    const [u, record] = await Promise.all([this.users.findById(userId), this.records.ofEarner(userId)]);
    return { id: userId, username: u?.username ?? null, profileImage: u?.profileImage ?? null, walletAddress: u?.walletAddress ?? null, record };
  }

  @Post(':id/revisions')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Resubmit a revised proof after changes were requested',
    description:
      'Only the submitter, while the submission is changes_requested and before its resubmitBy. The same proof rules as a ' +
      'submission; the submission is pending again and its review deadline restarts. Each revision is kept (GET …/:id `revisions`).',
  })
  @ApiCreatedResponse({ type: SubmissionDetail })
  @ApiBadRequestResponse({ description: "The proof does not fit the task's submission type (spec messages)" })
  @ApiForbiddenResponse({ description: 'Only the earner who submitted this proof can revise it' })
  @ApiConflictResponse({ description: 'Changes were not requested, or the time to resubmit ended' })
  async resubmit(@Param('id', IdPipe) id: number, @Body() dto: ResubmitProofDto, @CurrentUser() user: UserRecord): Promise<SubmissionDetail> {
    if (dto.proofFileUrl && !(await this.uploads.exists(dto.proofFileUrl))) throw badRequest(NOT_OUR_FILE);
    await this.commands.execute(new ResubmitProofCommand(user.id, id, {
      proofLink: orNull(dto.proofLink), proofText: orNull(dto.proofText), proofFileUrl: orNull(dto.proofFileUrl), notes: orNull(dto.notes),
    }));
    return { ...(await this.submissions.findWithTask(id))!, revisions: await this.submissions.revisions(id) };
  }

  @Post(':id/appeal')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Appeal a rejection (once), to the admins',
    description:
      'Only the submitter, within 72 hours of the rejection and before the review cut-off (`appealUntil`), and only while the task ' +
      'has a free slot (`slotFree`): the open appeal holds it. Admins decide (GET /api/admin/appeals), never the task creator.',
  })
  @ApiCreatedResponse({ type: SubmissionWithTask })
  @ApiBadRequestResponse({ description: 'Message required' })
  @ApiForbiddenResponse({ description: 'Only the earner who submitted this proof can appeal its rejection' })
  @ApiConflictResponse({ description: 'Not rejected, already appealed, too late, or no free slot' })
  async appeal(@Param('id', IdPipe) id: number, @Body() dto: AppealDto, @CurrentUser() user: UserRecord): Promise<SubmissionWithTask> {
    await this.commands.execute(new AppealRejectionCommand(user.id, id, dto.message ?? null));
    return (await this.submissions.findWithTask(id))!;
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Approve, reject or request changes on a pending submission',
    description:
      "Only the task's creator or an admin, never on your own submission. Feedback is required to reject and to request " +
      'changes (status changes_requested: the earner has 48 hours, or until the cut-off, to resubmit; the slot stays held). An ' +
      'approval also requests the on-chain payout of the reward (payoutStatus becomes requested).',
  })
  @ApiOkResponse({ type: SubmissionWithTask })
  @ApiBadRequestResponse({ description: 'Feedback required: Please provide feedback explaining why this submission is being rejected.' })
  @ApiForbiddenResponse({ description: "Only the task's creator or an admin can review this submission" })
  @ApiNotFoundResponse({ description: 'Submission not found' })
  @ApiConflictResponse({ description: 'Already decided, or every slot already approved' })
  async review(
    @Param('id', IdPipe) id: number,
    @Body() dto: ReviewSubmissionDto,
    @CurrentUser() user: UserRecord,
  ): Promise<SubmissionWithTask> {
    await this.commands.execute(
      new ReviewSubmissionCommand({ id: user.id, isAdmin: user.isAdmin }, id, dto.status, dto.feedback ?? null),
    );
    return (await this.submissions.findWithTask(id))!;
  }
}
