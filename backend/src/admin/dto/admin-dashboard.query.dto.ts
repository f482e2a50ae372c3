import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_RECORD_ID } from '../../common/record-id';

export const DASHBOARD_DEFAULT_LIMIT = 100;
export const DASHBOARD_MAX_LIMIT = 500;
export const DASHBOARD_SEARCH_MAX = 200;

/** `GET /api/admin/dashboard?limit=&offset=&status=&q=`: one page of each list (users, tasks, submissions). */
export class AdminDashboardQueryDto {
  @ApiPropertyOptional({ description: `Rows per list (default ${DASHBOARD_DEFAULT_LIMIT}, at most ${DASHBOARD_MAX_LIMIT})` })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(DASHBOARD_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: 'Rows to skip in each list (default 0)' })
  // No list has more rows than ids: beyond it, PostgreSQL's OFFSET would refuse the number (a 500), not skip all.
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(MAX_RECORD_ID)
  offset?: number;

  @ApiPropertyOptional({ enum: ['pending', 'approved', 'rejected'], description: 'Only submissions with this status' })
  @IsOptional() @IsIn(['pending', 'approved', 'rejected'])
  status?: 'pending' | 'approved' | 'rejected';

  @ApiPropertyOptional({
    description: 'Only submissions whose task title or notes contain this text (case-insensitive; the Approvals search)',
    maxLength: DASHBOARD_SEARCH_MAX,
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsString() @MaxLength(DASHBOARD_SEARCH_MAX)
  q?: string;
}
