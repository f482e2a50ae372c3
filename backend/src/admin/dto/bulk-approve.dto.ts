import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsPositive } from 'class-validator';

export class BulkApproveDto {
  @ApiPropertyOptional({
    type: [Number],
    description: 'Submissions to approve, in this order. Omitted or empty: every pending submission, oldest first (at most ADMIN_BULK_LIMIT).',
  })
  @IsOptional() @IsArray() @ArrayMaxSize(10_000) @IsInt({ each: true }) @IsPositive({ each: true })
  submissionIds?: number[];
}
