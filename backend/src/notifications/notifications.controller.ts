import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { SignedInGuard } from '../auth/guards';
import { badRequest } from '../common/domain-error';
import { positionOf } from '../common/record-id';
import { UserRecord } from '../users/users.read-repository';
import { MarkAllNotificationsReadCommand } from './commands/mark-all-notifications-read.command';
import { MarkNotificationReadCommand } from './commands/mark-notification-read.command';
import { NotificationPage } from './notification.view';
import { NotificationQueries } from './notifications.queries';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
/** A notification's id is its event's global position (never 0, written without leading zeros). */
const isNotificationId = (text: string) => !text.startsWith('0') && positionOf(text) !== null;

class UnreadCount {
  @ApiProperty() unreadCount!: number;
}

@ApiTags('notifications')
@Controller('api/notifications')
@UseGuards(SignedInGuard)
@ApiUnauthorizedResponse({ description: 'Not authenticated' })
export class NotificationsController {
  constructor(private readonly queries: NotificationQueries, private readonly commands: CommandBus) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's notifications, newest first, with the unread count" })
  @ApiQuery({ name: 'limit', required: false, description: `1-${MAX_LIMIT}, default ${DEFAULT_LIMIT}` })
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  @ApiOkResponse({ type: NotificationPage })
  list(@CurrentUser() user: UserRecord, @Query('limit') limit?: string, @Query('cursor') cursor?: string): Promise<NotificationPage> {
    const n = limit === undefined ? DEFAULT_LIMIT : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT) throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
    if (cursor !== undefined && !isNotificationId(cursor)) throw badRequest('cursor must be a notification id');
    return this.queries.page(user.id, n, cursor ?? null);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks every notification read (ones arriving meanwhile stay unread)' })
  @ApiOkResponse({ type: UnreadCount })
  async readAll(@CurrentUser() user: UserRecord): Promise<UnreadCount> {
    await this.commands.execute(new MarkAllNotificationsReadCommand(user.id));
    return { unreadCount: (await this.queries.page(user.id, 1, null)).unreadCount };
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks one of the user\'s notifications read (idempotent)' })
  @ApiOkResponse({ type: UnreadCount })
  @ApiNotFoundResponse({ description: 'Notification not found (also for another user\'s)' })
  async read(@CurrentUser() user: UserRecord, @Param('id') id: string): Promise<UnreadCount> {
    if (!isNotificationId(id)) throw badRequest('id must be a notification id');
    await this.commands.execute(new MarkNotificationReadCommand(user.id, id));
    return { unreadCount: (await this.queries.page(user.id, 1, null)).unreadCount };
  }
}
