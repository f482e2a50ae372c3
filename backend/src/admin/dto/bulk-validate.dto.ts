import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

export class BulkValidateDto {
  @ApiPropertyOptional({ description: 'Approve the submissions eligible for auto-approval (default false)' })
  @IsOptional() @IsBoolean()
  autoApprove?: boolean;
}
