import { Module } from '@nestjs/common';
import { IdempotencyMiddleware } from './idempotency.middleware';
import { IdempotencyStore } from './idempotency.store';

/** Idempotency-Key support; AppModule applies IdempotencyMiddleware to the controllers whose writes need it. */
@Module({ providers: [IdempotencyStore, IdempotencyMiddleware], exports: [IdempotencyStore, IdempotencyMiddleware] })
export class IdempotencyModule {}
