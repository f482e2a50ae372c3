import { Controller, Get, Headers, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthedRequest, CurrentUser } from '../auth/current-user';
import { SignedInGuard } from '../auth/guards';
import { withoutRequestDeadline } from '../http/request-deadline';
import { UserRecord } from '../users/users.read-repository';
import { LiveStreams } from './live-streams';

@ApiTags('live')
@Controller('api/events')
export class EventsStreamController {
  constructor(private readonly streams: LiveStreams) {}

  @Get('stream')
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: 'Server-sent events: what changed for the signed-in user',
    description:
      'Each `event: change` carries `id:` = the global position of the event it reports and data ' +
      '`{ kind, notification, taskId, submissionId, detail }` (kinds: submission_received, submission_approved, ' +
      'submission_rejected, payout_sent, payout_confirmed, payout_failed, payout_reverted, task_funded, task_refunded, ' +
      'task_anomaly; submission_changed / task_changed for other changes to what the user sees, notification false). ' +
      '`event: ready` (with an id) follows the replay; `event: reset` means too much was missed: refetch everything. ' +
      'A reconnect with `Last-Event-ID` (or `?lastEventId=`) replays what happened after it. Heartbeat comments keep ' +
      'proxies from closing the connection; the stream ends when the session does.',
  })
  @ApiProduces('text/event-stream')
  @ApiQuery({ name: 'lastEventId', required: false, description: 'Like the Last-Event-ID header (the header wins)' })
  @ApiOkResponse({ description: 'text/event-stream' })
  @ApiUnauthorizedResponse({ description: 'Not authenticated' })
  async stream(
    @CurrentUser() user: UserRecord,
    @Req() req: AuthedRequest,
    @Res() res: Response,
    @Headers('last-event-id') header?: string,
    @Query('lastEventId') query?: string,
  ): Promise<void> {
    // It answers for as long as the client stays.
    withoutRequestDeadline(req);
    await this.streams.open(user.id, req.sessionID, res, header ?? query);
  }
}
