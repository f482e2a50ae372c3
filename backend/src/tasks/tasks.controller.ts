import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse, ApiCreatedResponse, ApiExtraModels, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiProperty, ApiPropertyOptional, ApiTags, ApiUnauthorizedResponse, getSchemaPath,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { OptionalUserGuard, SignedInGuard } from '../auth/guards';
import { UserRecord } from '../users/users.read-repository';
import { SubmissionQueries } from '../submissions/queries/submission.queries';
import { SubmissionView } from '../submissions/queries/submission.view';
import { CreateTaskCommand } from './commands/create-task.command';
import { REVIEW_WITHIN_HOURS } from './domain/task-review-deadline';
import { SetTaskActiveCommand } from './commands/set-task-active.command';
import { CreateTaskDto } from './dto/create-task.dto';
import { UpdateTaskDto } from './dto/update-task.dto';
import { ListTasksQuery, MAX_PAGE, PLAIN_LIST_MAX } from './dto/list-tasks.query';
import { TaskPage, TaskQueries } from './queries/task.queries';
import { TaskView } from './queries/task.view';
import { IdPipe } from '../common/id.pipe';

class TaskPageView implements TaskPage {
  @ApiProperty({ type: [TaskView] }) items!: TaskView[];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' })
  nextCursor!: string | null;
  @ApiProperty({ description: 'How many tasks match the filters (all pages)' }) total!: number;
}

class UserSubmissionView {
  @ApiProperty() hasSubmitted!: boolean;
  @ApiPropertyOptional({ type: SubmissionView, nullable: true }) submission!: SubmissionView | null;
}

const viewer = (u: UserRecord | undefined) => (u ? { id: u.id, isAdmin: u.isAdmin } : undefined);

@ApiTags('tasks')
@ApiExtraModels(TaskView, TaskPageView)
@Controller('api/tasks')
export class TasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tasks: TaskQueries,
    @Inject(SubmissionQueries) private readonly submissions: SubmissionQueries,
  ) {}

  @Get()
  @UseGuards(OptionalUserGuard)
  @ApiOperation({
    summary: 'List published, funded tasks',
    description:
      `Without \`limit\` or \`cursor\`: the plain array of the first ${PLAIN_LIST_MAX} matching tasks in the requested order ` +
      `(the spec's shape; ask \`limit=${MAX_PAGE}\` and follow \`nextCursor\` for more). With either: a page ` +
      '`{ items, nextCursor, total }` in keyset order (sort key, then id). Drafts and tasks whose escrow is not ' +
      'confirmed are never listed; creators see them in GET /api/dashboard.',
  })
  @ApiOkResponse({
    schema: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(TaskView) } }, { $ref: getSchemaPath(TaskPageView) }] },
  })
  @ApiBadRequestResponse({ description: 'A bad parameter or cursor' })
  async list(@Query() query: ListTasksQuery, @Res() res: Response, @CurrentUser() user?: UserRecord): Promise<void> {
    // Sent as the bytes TaskQueries serialised (once per cached page), with their ETag computed once too:
    // express's own ETag function, so a client's If-None-Match is answered as for any other route.
    const body = await this.tasks.listBody(query, viewer(user));
    let etag = this.etags.get(body);
    if (etag === undefined) {
      etag = (res.req.app.get('etag fn') as ((body: Buffer) => string | undefined) | undefined)?.(body) ?? '';
      this.etags.set(body, etag);
    }
    if (etag) res.setHeader('ETag', etag);
    res.type('application/json').send(body);
  }

  private readonly etags = new WeakMap<Buffer, string>();

  @Post()
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: 'Create a task (awaiting funding)',
    description:
      'The creator is the signed-in user. The answer carries `chainTaskId`, `escrowAmount` (base units), `chainId`, ' +
      '`tokenAddress` and `escrowAddress` so the creator\'s wallet can fund the escrow; the task is listed once ' +
      'the indexer sees that funding. `deadline` is required and must be in the future.',
  })
  @ApiCreatedResponse({ type: TaskView })
  @ApiBadRequestResponse({ description: "A validation message from the spec, e.g. 'Maximum 100,000 CENTS'" })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  async create(@Body() dto: CreateTaskDto, @CurrentUser() user: UserRecord): Promise<TaskView> {
    const id: number = await this.commands.execute(
      new CreateTaskCommand(user.id, {
        title: dto.title,
        description: dto.description,
        requirements: dto.requirements,
        category: dto.category,
        reward: dto.reward,
        maxCompletions: dto.maxCompletions,
        estimatedTime: dto.estimatedTime,
        deadline: dto.deadline,
        submissionType: dto.submissionType,
        isActive: dto.isActive ?? true,
        reviewWithinSeconds: (dto.reviewWithinHours ?? REVIEW_WITHIN_HOURS.default) * 3600,
      }),
    );
    return this.tasks.findVisible(id, viewer(user));
  }

  @Get(':id')
  @UseGuards(OptionalUserGuard)
  @ApiOperation({
    summary: 'One task',
    description: 'Published funded tasks to anyone; other tasks only to their creator, admins and their submitters (404 otherwise).',
  })
  @ApiOkResponse({ type: TaskView })
  @ApiNotFoundResponse({ description: 'Task not found' })
  findOne(@Param('id', IdPipe) id: number, @CurrentUser() user?: UserRecord): Promise<TaskView> {
    return this.tasks.findVisible(id, viewer(user));
  }

  @Patch(':id')
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: "Publish or unpublish a task (its creator or an admin)",
    description: 'The spec saves an unchecked "Make task active immediately" as a draft; this is how it goes live later.',
  })
  @ApiOkResponse({ type: TaskView })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiForbiddenResponse({ description: 'Only the creator of this task can change it' })
  @ApiNotFoundResponse({ description: 'Task not found (also for drafts of others)' })
  async update(@Param('id', IdPipe) id: number, @Body() dto: UpdateTaskDto, @CurrentUser() user: UserRecord): Promise<TaskView> {
    // Someone else's draft answers 404 like any hidden task; a visible task of someone else 403.
    await this.tasks.findVisible(id, viewer(user));
    await this.commands.execute(new SetTaskActiveCommand({ id: user.id, isAdmin: user.isAdmin }, id, dto.isActive));
    return this.tasks.findVisible(id, viewer(user));
  }

  @Get(':id/user-submission')
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: "The signed-in user's submission on this task, if any" })
  @ApiOkResponse({ type: UserSubmissionView })
  @ApiUnauthorizedResponse({ description: 'Not signed in (the client reads it as "not submitted")' })
  @ApiNotFoundResponse({ description: 'Task not found' })
  async userSubmission(@Param('id', IdPipe) id: number, @CurrentUser() user: UserRecord): Promise<UserSubmissionView> {
    await this.tasks.findVisible(id, viewer(user));
    const submission = await this.submissions.ofUserOnTask(user.id, id);
    return { hasSubmitted: submission !== null, submission };
  }
}
