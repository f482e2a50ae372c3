import { Module } from '@nestjs/common';
import { CreatorRecordProjection } from './creator-record.projection';

@Module({ providers: [CreatorRecordProjection] })
export class CreatorRecordsModule {}
