import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store';
import { ProjectionRunner } from '../../projections/projection-runner';
import { AllNotificationsReadData, NotificationEvents, notificationsStream } from '../notification.events';
import { MarkAllNotificationsReadCommand } from './mark-all-notifications-read.command';

@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<MarkAllNotificationsReadCommand, void> {
  constructor(private readonly dataSource: DataSource, private readonly store: EventStore, private readonly projections: ProjectionRunner) {}

  async execute({ userId }: MarkAllNotificationsReadCommand): Promise<void> {
    // "All" means all the user could have seen: the newest unread one now, not whatever arrives meanwhile.
    const [{ upTo }]: Array<{ upTo: string | null }> = await this.dataSource.query(
      `SELECT max(position)::text AS "upTo" FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    if (upTo === null) return;
    const data: AllNotificationsReadData = { userId, upTo };
    const appended = await this.store.append(notificationsStream(userId), 'any', [
      { type: NotificationEvents.AllNotificationsRead, data, metadata: { actorId: userId } },
    ]);
    await this.projections.waitFor(appended.checkpoint);
  }
}
