import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SubmissionsHttpModule } from '../submissions/submissions-http.module';
import { UsersModule } from '../users/users.module';
import { AppealsQueueController } from './appeals-queue.controller';

/** The admins' appeals queue and decisions (GET/POST /api/admin/appeals). */
@Module({ imports: [CqrsModule, UsersModule, SubmissionsHttpModule], controllers: [AppealsQueueController] })
export class AppealsHttpModule {}
