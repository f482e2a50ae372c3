import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { SessionPool } from './auth/session';
import { apiValidationPipe } from './common/validation-pipe';
import { ApiErrorFilter } from './common/domain-error.filter';
import { AppConfig } from './config/app-config';
import { DomainModule } from './domain.module';
import { HealthModule } from './health/health.module';
import { SiteModule } from './site/site.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { EscrowModule } from './escrow/escrow.module';
import { ExplorerModule } from './explorer/explorer.module';
import { FilesModule } from './files/files.module';
import { LiveModule } from './live/live.module';
import { NotificationsHttpModule } from './notifications/notifications-http.module';
import { LeaderboardHttpModule } from './leaderboard/leaderboard-http.module';
import { PayoutsHttpModule } from './payouts/payouts-http.module';
import { SubmissionsHttpModule } from './submissions/submissions-http.module';
import { TasksHttpModule } from './tasks/tasks-http.module';

/** The HTTP API on top of the domain. Feature modules with controllers are listed here. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DomainModule.forRoot(config, databaseUrl),
        HealthModule,
        SiteModule,
        AuthModule,
        AccountsModule,
        TasksHttpModule,
        SubmissionsHttpModule,
        PayoutsHttpModule,
        DashboardModule,
        LeaderboardHttpModule,
        FilesModule,
        AdminModule,
        EscrowModule,
        ExplorerModule,
        NotificationsHttpModule,
        LiveModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        // Sessions live in PostgreSQL; their pool ends at application shutdown.
        { provide: SessionPool, useFactory: () => new SessionPool(databaseUrl) },
        { provide: APP_PIPE, useFactory: apiValidationPipe },
      ],
    };
  }
}
