import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

export const DASHBOARD_DEFAULT_LIMIT = 100;
export const DASHBOARD_MAX_LIMIT = 500;

/** `GET /api/admin/dashboard?limit=&offset=&status=`: one page of each list (users, tasks, submissions). */
export class AdminDashboardQueryDto {
  @ApiPropertyOptional({ description: `Rows per list (default ${DASHBOARD_DEFAULT_LIMIT}, at most ${DASHBOARD_MAX_LIMIT})` })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(DASHBOARD_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: 'Rows to skip in each list (default 0)' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  offset?: number;

  @ApiPropertyOptional({ enum: ['pending', 'approved', 'rejected'], description: 'Only submissions with this status' })
  @IsOptional() @IsIn(['pending', 'approved', 'rejected'])
  status?: 'pending' | 'approved' | 'rejected';
}
