import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read.handler';
import { MarkNotificationReadHandler } from './commands/mark-notification-read.handler';
import { NotificationsProjection } from './notifications.projection';
import { TaskDirectory } from './task-directory';

/** The domain side: the projection, the read-mark commands and the task directory the live stream shares. */
@Module({
  imports: [CqrsModule],
  providers: [TaskDirectory, NotificationsProjection, MarkNotificationReadHandler, MarkAllNotificationsReadHandler],
  exports: [TaskDirectory],
})
export class NotificationsModule {}
