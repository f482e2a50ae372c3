import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { EventsStreamController } from './events-stream.controller';
import { LiveStreams } from './live-streams';
import { StoreFollower } from './store-follower';

/** GET /api/events/stream: one store follower per replica fanning out to its open streams. */
@Module({ imports: [UsersModule, NotificationsModule], controllers: [EventsStreamController], providers: [StoreFollower, LiveStreams], exports: [LiveStreams, StoreFollower] })
export class LiveModule {}
