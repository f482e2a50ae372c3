import { Injectable } from '@nestjs/common';
import { StoredEvent } from '../event-store/stored-event';
import { ReadModelProjection } from '../projections/projection';
import { Row, RowProjection } from '../projections/row-projection';
import { TaskEvents as T } from '../tasks/domain/task.events';

/**
 * Earnings per user, counted when the reward actually left the escrow (RewardReleased on chain), and
 * taken back if a reorganisation drops that release.
 */
@Injectable()
@ReadModelProjection()
export class LeaderboardProjection extends RowProjection {
  readonly name = 'leaderboard';
  readonly table = 'leaderboard';
  protected override readonly key = 'user_id';

  protected keysOf(e: StoredEvent): number[] {
    return e.type === T.RewardReleased || e.type === T.RewardReleaseReverted ? [e.data.userId] : [];
  }

  protected fold(row: Row | undefined, e: StoredEvent, userId: number): Row {
    const sign = e.type === T.RewardReleased ? 1 : -1;
    const base = row ?? { user_id: userId, total_earned: 0, completed_tasks: 0 };
    return {
      ...base,
      total_earned: Number(base.total_earned) + sign * e.data.reward,
      completed_tasks: Number(base.completed_tasks) + sign,
      updated_at: e.createdAt.toISOString(),
    };
  }
}
