import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { badRequest } from '../common/domain-error';
import { LEADERBOARD_SIZE, LeaderboardEntry, LeaderboardQuery } from './leaderboard.query';

@ApiTags('leaderboard')
@Controller('api/leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardQuery) {}

  @Get()
  @ApiOperation({
    summary: `Top ${LEADERBOARD_SIZE} earners`,
    description:
      'Users with at least one reward released on chain. Default order: totalEarned desc, completedTasks desc, ' +
      'userId asc. `sort=completed` ranks by completedTasks desc, totalEarned desc, userId asc (the Most Active view).',
  })
  @ApiQuery({ name: 'sort', required: false, enum: ['earned', 'completed'] })
  @ApiOkResponse({ type: [LeaderboardEntry] })
  list(@Query('sort') sort?: string): Promise<LeaderboardEntry[]> {
    if (sort !== undefined && sort !== 'earned' && sort !== 'completed') throw badRequest("sort must be 'earned' or 'completed'");
    return this.leaderboard.top(sort === 'completed' ? 'completed' : 'earned');
  }
}
