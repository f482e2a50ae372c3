import { Module } from '@nestjs/common';
import { AdminAnalyticsProjection } from './admin-analytics.projection';

/**
 * The admin analytics read model belongs to the domain (every process that runs projections or rebuilds
 * them must know it), while the admin HTTP API stays in AdminModule.
 */
@Module({ providers: [AdminAnalyticsProjection] })
export class AdminReadModelModule {}
