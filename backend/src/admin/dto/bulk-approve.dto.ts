import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsPositive, Max } from 'class-validator';
import { MAX_RECORD_ID } from '../../common/record-id';

export class BulkApproveDto {
  @ApiPropertyOptional({
    type: [Number],
    description: 'Submissions to approve, in this order. Omitted or empty: every pending submission, oldest first (at most ADMIN_BULK_LIMIT).',
  })
  @IsOptional() @IsArray() @ArrayMaxSize(10_000) @IsInt({ each: true }) @IsPositive({ each: true }) @Max(MAX_RECORD_ID, { each: true })
  submissionIds?: number[];
}
