import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

export const LEADERBOARD_SIZE = 100;

export class LeaderboardEntry {
  @ApiProperty() userId!: number;
  @ApiPropertyOptional({ type: String, nullable: true }) username!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) walletAddress!: string | null;
  @ApiProperty({ description: 'Whole CENT released to the user on chain' }) totalEarned!: number;
  @ApiProperty({ description: 'Submissions whose reward was released on chain' }) completedTasks!: number;
}

/**
 * The top LEADERBOARD_SIZE users with at least one released reward. `earned` (default): totalEarned desc, then
 * completedTasks desc, then userId; `completed`: completedTasks desc, then totalEarned desc, then userId.
 */
@Injectable()
export class LeaderboardQuery {
  constructor(private readonly dataSource: DataSource) {}

  async top(by: 'earned' | 'completed' = 'earned'): Promise<LeaderboardEntry[]> {
    const order = by === 'earned'
      ? 'l.total_earned DESC, l.completed_tasks DESC, l.user_id'
      : 'l.completed_tasks DESC, l.total_earned DESC, l.user_id';
    const rows: Array<LeaderboardEntry & { totalEarned: string }> = await this.dataSource.query(
      `SELECT l.user_id AS "userId", u.username, u.wallet_address AS "walletAddress",
              l.total_earned::text AS "totalEarned", l.completed_tasks AS "completedTasks"
         FROM leaderboard l JOIN users u ON u.id = l.user_id
        WHERE l.completed_tasks > 0
        ORDER BY ${order}
        LIMIT ${LEADERBOARD_SIZE}`,
    );
    // total_earned is a bigint column; a whole-CENT sum stays far below 2^53.
    return rows.map((r) => ({ ...r, totalEarned: Number(r.totalEarned) }));
  }
}
