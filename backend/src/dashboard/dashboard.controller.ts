import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { SignedInGuard } from '../auth/guards';
import { SubmissionQueries } from '../submissions/queries/submission.queries';
import { SubmissionView, SubmissionWithTask } from '../submissions/queries/submission.view';
import { TaskQueries } from '../tasks/queries/task.queries';
import { TaskView } from '../tasks/queries/task.view';
import { UserRecord } from '../users/users.read-repository';

class CreatedTaskView extends TaskView {
  @ApiProperty({ type: [SubmissionView], description: 'Every submission on the task, oldest first' })
  submissions!: SubmissionView[];
}

class DashboardView {
  @ApiProperty({ type: [SubmissionWithTask], description: "The user's own submissions, newest first" })
  submissions!: SubmissionWithTask[];
  @ApiProperty({ type: [CreatedTaskView], description: 'Every task the user created (drafts and unfunded ones too), newest first' })
  createdTasks!: CreatedTaskView[];
}

@ApiTags('dashboard')
@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly tasks: TaskQueries, private readonly submissions: SubmissionQueries) {}

  /** Three statements whatever the number of tasks: own submissions, created tasks, their submissions. */
  @Get()
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: "The signed-in user's dashboard (also the approvals data of creators)" })
  @ApiOkResponse({ type: DashboardView })
  @ApiUnauthorizedResponse({ description: 'Not authenticated' })
  async dashboard(@CurrentUser() user: UserRecord): Promise<DashboardView> {
    const [submissions, created] = await Promise.all([this.submissions.byUser(user.id), this.tasks.byCreator(user.id, { id: user.id, isAdmin: user.isAdmin })]);
    const byTask = await this.submissions.byTasks(created.map((t) => t.id));
    return { submissions, createdTasks: created.map((t) => ({ ...t, submissions: byTask.get(t.id) ?? [] })) };
  }
}
