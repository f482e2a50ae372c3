import { Module } from '@nestjs/common';
import { LeaderboardController } from './leaderboard.controller';
import { LeaderboardQuery } from './leaderboard.query';

@Module({ controllers: [LeaderboardController], providers: [LeaderboardQuery] })
export class LeaderboardHttpModule {}
