import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ClockController } from './clock.controller';
import { ReviewQueueController } from './review-queue.controller';

/** The admins' queue of flagged submissions (GET /api/admin/review-queue) and the app's clock (GET /api/clock). */
@Module({ imports: [UsersModule], controllers: [ReviewQueueController, ClockController] })
export class ReviewDeadlinesHttpModule {}
