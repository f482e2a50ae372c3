import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UsersModule } from '../users/users.module';
import { AdminWalletsService } from './admin-wallets.service';
import { AuthController } from './auth.controller';
import { CsrfMiddleware } from './csrf.middleware';
import { PasswordService } from './password.service';
import { PgThrottlerStorage } from './pg-throttler.storage';
import { throttlerOptions } from './rate-limit';
import { RateLimitStorageModule } from './rate-limit-storage.module';
import { ReadModelSync } from './read-model-sync';
import { SecurityHeadersMiddleware } from './security-headers.middleware';
import { SiweService } from './siwe.service';

/**
 * Sign-in (SIWE, password), sign-out, and the HTTP-wide defences: the CSRF origin check and security
 * headers on every route, the rate-limit buckets (ThrottlerModule is global; use `@RateLimit(...)`).
 */
@Module({
  imports: [
    CqrsModule,
    UsersModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [APP_CONFIG, PgThrottlerStorage],
      useFactory: (config: AppConfig, storage: PgThrottlerStorage) => ({ ...throttlerOptions(config), storage }),
    }),
  ],
  controllers: [AuthController],
  providers: [SiweService, PasswordService, AdminWalletsService, ReadModelSync],
  exports: [SiweService, AdminWalletsService],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SecurityHeadersMiddleware, CsrfMiddleware).forRoutes('*');
  }
}
