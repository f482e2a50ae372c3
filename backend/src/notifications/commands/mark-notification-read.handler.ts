import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { notFound } from '../../common/domain-error';
import { EventStore } from '../../event-store/event-store';
import { ProjectionRunner } from '../../projections/projection-runner';
import { NotificationEvents, NotificationReadData, notificationsStream } from '../notification.events';
import { MarkNotificationReadCommand } from './mark-notification-read.command';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand, void> {
  constructor(private readonly dataSource: DataSource, private readonly store: EventStore, private readonly projections: ProjectionRunner) {}

  async execute({ userId, notificationId }: MarkNotificationReadCommand): Promise<void> {
    // Another user's notification answers exactly like a missing one.
    const rows: Array<{ read: boolean }> = await this.dataSource.query(
      `SELECT read_at IS NOT NULL AS read FROM notifications WHERE user_id = $1 AND position = $2`,
      [userId, notificationId],
    );
    if (!rows.length) throw notFound(NOTIFICATION_NOT_FOUND);
    if (rows[0].read) return;
    const data: NotificationReadData = { userId, notificationId };
    const appended = await this.store.append(notificationsStream(userId), 'any', [
      { type: NotificationEvents.NotificationRead, data, metadata: { actorId: userId } },
    ]);
    await this.projections.waitFor(appended.checkpoint);
  }
}
