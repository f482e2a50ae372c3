import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { AdminController } from './admin/admin.controller';
import { AdminModule } from './admin/admin.module';
import { AccountsController } from './accounts/accounts.controller';
import { AuthModule } from './auth/auth.module';
import { SessionPool } from './auth/session';
import { apiValidationPipe } from './common/validation-pipe';
import { ApiErrorFilter } from './common/domain-error.filter';
import { AppConfig } from './config/app-config';
import { DomainModule } from './domain.module';
import { APP_LOGGER } from './logging/app-logger';
import type { Logger } from 'pino';
import { HealthModule } from './health/health.module';
import { DependencyStatusModule } from './health/dependency-status';
import { IdempotencyMiddleware } from './idempotency/idempotency.middleware';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { SiteModule } from './site/site.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { EscrowModule } from './escrow/escrow.module';
import { ExplorerModule } from './explorer/explorer.module';
import { FilesModule } from './files/files.module';
import { LiveModule } from './live/live.module';
import { NotificationsHttpModule } from './notifications/notifications-http.module';
import { MetricsModule } from './metrics/metrics.module';
import { LeaderboardHttpModule } from './leaderboard/leaderboard-http.module';
import { CreatorRecordsHttpModule } from './creator-records/creator-records-http.module';
import { PayoutsHttpModule } from './payouts/payouts-http.module';
import { ReleaseRewardController } from './payouts/release-reward.controller';
import { SubmissionsController } from './submissions/submissions.controller';
import { SubmissionsHttpModule } from './submissions/submissions-http.module';
import { TasksController } from './tasks/tasks.controller';
import { TasksHttpModule } from './tasks/tasks-http.module';
import { ReviewDeadlinesHttpModule } from './review-deadlines/review-deadlines-http.module';
import { AppealsHttpModule } from './appeals/appeals-http.module';

/** The HTTP API on top of the domain. Feature modules with controllers are listed here. */
/**
 * The controllers whose writes create or decide something and so honour `Idempotency-Key` (tasks, submissions
 * and their reviews, admin decisions incl. bulk, payout requests, wallet and profile changes). Not sign-in and
 * registration: their answer is a new session cookie, which a replay must never hand out.
 */
export const IDEMPOTENT_WRITES = [TasksController, SubmissionsController, AdminController, ReleaseRewardController, AccountsController];

@Module({})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(IdempotencyMiddleware).forRoutes(...IDEMPOTENT_WRITES);
  }

  static forRoot(config: AppConfig, databaseUrl: string, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DomainModule.forRoot(config, databaseUrl),
        DependencyStatusModule,
        HealthModule,
        IdempotencyModule,
        MetricsModule,
        SiteModule,
        AuthModule,
        AccountsModule,
        TasksHttpModule,
        SubmissionsHttpModule,
        PayoutsHttpModule,
        DashboardModule,
        LeaderboardHttpModule,
        CreatorRecordsHttpModule,
        FilesModule,
        AdminModule,
        EscrowModule,
        ExplorerModule,
        NotificationsHttpModule,
        LiveModule,
        ReviewDeadlinesHttpModule,
        AppealsHttpModule,
      ],
      providers: [
        { provide: APP_LOGGER, useValue: logger },
        // One filter answers every error, also those of the Express middleware before Nest (createHttpApp).
        ApiErrorFilter,
        { provide: APP_FILTER, useExisting: ApiErrorFilter },
        // Sessions live in PostgreSQL; their pool ends at application shutdown.
        { provide: SessionPool, useFactory: () => new SessionPool(databaseUrl, config) },
        { provide: APP_PIPE, useFactory: apiValidationPipe },
      ],
    };
  }
}
