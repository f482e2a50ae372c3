import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from './config/app-config';
import { AdminReadModelModule } from './admin/admin-read-model.module';
import { ClockModule } from './clock/clock.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EventStoreModule } from './event-store/event-store.module';
import { LeaderboardModule } from './leaderboard/leaderboard.module';
import { NotificationsModule } from './notifications/notifications.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { TaskCommandsModule } from './tasks/task-commands.module';
import { TasksModule } from './tasks/tasks.module';
import { UsersModule } from './users/users.module';
import { ReviewDeadlinesModule } from './review-deadlines/review-deadlines.module';
import { AppealsModule } from './appeals/appeals.module';
import { RevisionsModule } from './revisions/revisions.module';
import { CreatorRecordsModule } from './creator-records/creator-records.module';

/**
 * The event-sourced core without HTTP: configuration, database, event store, command handlers and
 * projections. The API (AppModule) and the indexer both run on it, so there is one domain, not two.
 */
@Module({})
export class DomainModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: DomainModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl, config),
        CqrsModule.forRoot(),
        ClockModule,
        EventStoreModule,
        UsersModule,
        TaskCommandsModule,
        TasksModule,
        SubmissionsModule,
        LeaderboardModule,
        AdminReadModelModule,
        NotificationsModule,
        ReviewDeadlinesModule,
        RevisionsModule,
        AppealsModule,
        CreatorRecordsModule,
      ],
      exports: [CqrsModule, UsersModule, SubmissionsModule, NotificationsModule],
    };
  }
}
