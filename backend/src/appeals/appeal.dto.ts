import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Checks } from '../common/dto-fields';

/** POST /api/submissions/:id/appeal. The message is required (the aggregate says so when it is blank). */
export class AppealDto {
  @ApiProperty({ description: 'Why the rejection should be overturned (for the admins)' })
  @IsOptional()
  @Checks(IsString({ message: 'Message must be text' }), MaxLength(5000, { message: 'The message is at most 5,000 characters' }))
  message?: string | null;
}

/** POST /api/admin/appeals/:submissionId. A reason is required to uphold. */
export class DecideAppealDto {
  @ApiProperty({ enum: ['upheld', 'overturned'] })
  @IsIn(['upheld', 'overturned'], { message: "Decision must be 'upheld' or 'overturned'" })
  decision!: 'upheld' | 'overturned';

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Shown to the earner' })
  @IsOptional()
  @Checks(IsString({ message: 'Reason must be text' }), MaxLength(5000, { message: 'The reason is at most 5,000 characters' }))
  reason?: string | null;
}
