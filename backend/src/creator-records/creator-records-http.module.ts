import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { CreatorRecordQueries } from './creator-record.queries';
import { CreatorRecordsController } from './creator-records.controller';

@Module({ imports: [UsersModule], controllers: [CreatorRecordsController], providers: [CreatorRecordQueries], exports: [CreatorRecordQueries] })
export class CreatorRecordsHttpModule {}
