import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Checks } from '../../common/dto-fields';
import { ALL_CATEGORIES, LIMITS } from '../domain/task.constants';

export const TASK_SORTS = ['newest', 'oldest', 'reward-high', 'reward-low', 'deadline'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
/** The browser's "no category filter" entry (spec part 2 §9). */
export const ALL_CATEGORIES_LABEL = 'All Categories';
export const MAX_PAGE = 100;
/** Page size when only `cursor` is given. */
export const DEFAULT_PAGE = 24;
/** The plain array (no `limit`, no `cursor`) holds at most this many tasks: the first page of `limit=100`. */
export const PLAIN_LIST_MAX = MAX_PAGE;

/**
 * A reward filter runs from 0 to the highest reward a task can have: beyond it, the column (a PostgreSQL
 * integer) would refuse the number (a 500), and no filter there could select anything a lower one does not.
 */
const REWARD_FILTER = (name: string) => `${name} must be a whole number from 0 to ${LIMITS.reward.max}`;

const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * Optional listing parameters of GET /api/tasks. Without `limit` and `cursor` the answer is the spec's plain
 * array of the first PLAIN_LIST_MAX matches; with either it is a page `{ items, nextCursor, total }`.
 */
export class ListTasksQuery {
  @ApiPropertyOptional({ description: 'Case-insensitive text in the title or the description', maxLength: 200 })
  @IsOptional()
  @Checks(
    IsString(),
    MaxLength(200, { message: 'Search text is at most 200 characters' }),
  )
  search?: string;

  @ApiPropertyOptional({ enum: [ALL_CATEGORIES_LABEL, ...ALL_CATEGORIES] })
  @IsOptional()
  @IsIn([ALL_CATEGORIES_LABEL, ...ALL_CATEGORIES], { message: 'Unknown category' })
  category?: string;

  @ApiPropertyOptional({ enum: TASK_SORTS, default: 'newest' })
  @IsOptional()
  @IsIn(TASK_SORTS, { message: `sort must be one of ${TASK_SORTS.join(', ')}` })
  sort?: TaskSort;

  @ApiPropertyOptional({ description: 'Minimum reward in CENT (inclusive)', minimum: 0, maximum: LIMITS.reward.max })
  @IsOptional()
  @Type(() => Number)
  @Checks(
    IsInt({ message: REWARD_FILTER('minReward') }),
    Min(0, { message: REWARD_FILTER('minReward') }),
    Max(LIMITS.reward.max, { message: REWARD_FILTER('minReward') }),
  )
  minReward?: number;

  @ApiPropertyOptional({ description: 'Maximum reward in CENT (inclusive)', minimum: 0, maximum: LIMITS.reward.max })
  @IsOptional()
  @Type(() => Number)
  @Checks(
    IsInt({ message: REWARD_FILTER('maxReward') }),
    Min(0, { message: REWARD_FILTER('maxReward') }),
    Max(LIMITS.reward.max, { message: REWARD_FILTER('maxReward') }),
  )
  maxReward?: number;

  @ApiPropertyOptional({
    type: Boolean,
    description:
      'Only tasks you can still submit to: active, funded, a free slot (pending + approved < maxCompletions), ' +
      'deadline not passed, and (when signed in) no submission of yours',
  })
  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: 'available must be true or false' })
  available?: boolean;

  @ApiPropertyOptional({ description: `Page size (1-${MAX_PAGE}); switches the answer to a page`, minimum: 1, maximum: MAX_PAGE })
  @IsOptional()
  @Type(() => Number)
  @Checks(
    IsInt({ message: `limit must be a whole number from 1 to ${MAX_PAGE}` }),
    Min(1, { message: `limit must be a whole number from 1 to ${MAX_PAGE}` }),
    Max(MAX_PAGE, { message: `limit must be a whole number from 1 to ${MAX_PAGE}` }),
  )
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque: the nextCursor of the previous page (same filters and sort)' })
  @IsOptional()
  @Checks(
    IsString(),
    MaxLength(500, { message: 'Invalid cursor' }),
  )
  cursor?: string;
}
