import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ReviewQueueController } from './review-queue.controller';

/** The admins' queue of flagged submissions (GET /api/admin/review-queue). */
@Module({ imports: [UsersModule], controllers: [ReviewQueueController] })
export class ReviewDeadlinesHttpModule {}
