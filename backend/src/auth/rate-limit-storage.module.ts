import { Module } from '@nestjs/common';
import { PgThrottlerStorage } from './pg-throttler.storage';

/** Provides the shared (PostgreSQL) rate-limit storage to ThrottlerModule's factory. */
@Module({ providers: [PgThrottlerStorage], exports: [PgThrottlerStorage] })
export class RateLimitStorageModule {}
