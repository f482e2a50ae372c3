import { Module } from '@nestjs/common';
import { LeaderboardProjection } from './leaderboard.projection';

@Module({ providers: [LeaderboardProjection] })
export class LeaderboardModule {}
