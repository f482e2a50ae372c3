import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards, ValidationPipe } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { AdminGuard } from '../auth/guards';
import { IdPipe } from '../common/id.pipe';
import { QuarantineQueries, QuarantineView } from '../projections/projection-quarantine';
import { UserRecord } from '../users/users.read-repository';
import { ValidationResult } from '../validation/validation.types';
import { BulkApproveCommand, BulkApproveResponse } from './commands/bulk-approve.command';
import { BulkValidateCommand, BulkValidateResponse } from './commands/bulk-validate.command';
import { ValidateSubmissionCommand, ValidatedSubmission } from './commands/validate-submission.command';
import { AdminDashboardQueryDto, DASHBOARD_DEFAULT_LIMIT } from './dto/admin-dashboard.query.dto';
import { BulkApproveDto } from './dto/bulk-approve.dto';
import { BulkValidateDto } from './dto/bulk-validate.dto';
import { AdminAnalyticsQueries } from './queries/admin-analytics.queries';
import { AdminDashboardQueries } from './queries/admin-dashboard.queries';

const validated = new ValidationPipe({ transform: true, whitelist: true, stopAtFirstError: true });
const submissionId = new IdPipe('Invalid submission id');

/** The admin console (spec part 2 "Admin dashboard"): admins only, 401 signed out, 403 for everyone else. */
@ApiTags('admin')
@Controller('api/admin')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ description: 'Not authenticated' })
@ApiForbiddenResponse({ description: 'Admin privileges required' })
export class AdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly dashboardQueries: AdminDashboardQueries,
    private readonly analyticsQueries: AdminAnalyticsQueries,
    private readonly quarantine: QuarantineQueries,
  ) {}

  @Get('dashboard')
  @ApiOperation({
    summary: 'Users, tasks and submissions (one page each, newest first) plus the overview figures',
    description: '`limit` (default 100, max 500) and `offset` page all three lists; `status` and `q` (task title or ' +
      'notes containing it, case-insensitive) filter the submissions, and `page.totals.submissions` counts what they match. ' +
      '`overview` is aggregated over everything: counts by status, users with wallets, tasks per category, CENTS paid ' +
      'out vs total rewards, the 5 recent submissions (pending first, then newest). `page.totals` gives the list sizes. ' +
      '`projections.quarantined` counts the events a read model set aside (see GET /api/admin/projections/quarantine).',
  })
  async dashboard(@Query(validated) q: AdminDashboardQueryDto) {
    const [dashboard, quarantined] = await Promise.all([
      this.dashboardQueries.dashboard({ limit: q.limit ?? DASHBOARD_DEFAULT_LIMIT, offset: q.offset ?? 0, status: q.status, search: q.q }),
      this.quarantine.count(),
    ]);
    return { ...dashboard, projections: { quarantined } };
  }

  @Get('projections/quarantine')
  @ApiOperation({
    summary: 'Events a read model could not apply and set aside (newest 100), with the error',
    description: 'Each stays out of that one read model until `npm run retry-quarantined -w backend` (or ' +
      '`rebuild-projections`) applies it; every other event and read model keeps moving. Admins are notified ' +
      '(kind `projection_quarantined`) when one is set aside.',
  })
  @ApiOkResponse({ description: '{ count, items: [{ projection, position, streamId, eventType, error, errorCode, attempts, quarantinedAt, lastAttemptAt }] }' })
  async quarantined(): Promise<{ count: number; items: QuarantineView[] }> {
    const [count, items] = await Promise.all([this.quarantine.count(), this.quarantine.list(100)]);
    return { count, items };
  }

  @Post('validate-submission/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Validate one submission; the result is stored on it (aiValidated) and returned' })
  @ApiNotFoundResponse({ description: 'Submission not found' })
  async validate(@Param('id', submissionId) id: number, @CurrentUser() admin: UserRecord): Promise<ValidationResult> {
    const v: ValidatedSubmission = await this.commands.execute(new ValidateSubmissionCommand(admin.id, id));
    return v.validation;
  }

  @Post('bulk-validate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Validate every pending submission (oldest first, at most ADMIN_BULK_LIMIT)',
    description: 'With `autoApprove: true` the ones eligible for auto-approval are approved with the admin as reviewer, ' +
      'exactly like a manual approval (their payouts are requested).',
  })
  @ApiOkResponse({ description: '{ summary, autoApproval, results, errors }' })
  bulkValidate(@Body(validated) dto: BulkValidateDto, @CurrentUser() admin: UserRecord): Promise<BulkValidateResponse> {
    return this.commands.execute(new BulkValidateCommand({ id: admin.id, isAdmin: true }, dto.autoApprove === true));
  }

  @Post('bulk-approve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Approve pending submissions one by one through the normal approval',
    description: 'Body `{ submissionIds?: number[] }`: without ids every pending submission (oldest first, at most ' +
      'ADMIN_BULK_LIMIT). A refused approval (task full, own submission, ...) is reported in `errors` and the run goes on; ' +
      'ids that are no longer pending count as `skipped`.',
  })
  @ApiOkResponse({ description: '{ processed, skipped, errors: [{ submissionId, message }] }' })
  bulkApprove(@Body(validated) dto: BulkApproveDto, @CurrentUser() admin: UserRecord): Promise<BulkApproveResponse> {
    return this.commands.execute(new BulkApproveCommand({ id: admin.id, isAdmin: true }, dto.submissionIds));
  }

  @Get('analytics')
  @ApiOperation({ summary: 'AI Analytics from recorded validations and the final human decisions' })
  analytics() {
    return this.analyticsQueries.analytics();
  }
}
