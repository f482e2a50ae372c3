import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { NotificationsController } from './notifications.controller';
import { NotificationQueries } from './notifications.queries';

@Module({ imports: [UsersModule], controllers: [NotificationsController], providers: [NotificationQueries] })
export class NotificationsHttpModule {}
