import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Checks } from '../../common/dto-fields';

/** PATCH /api/submissions/:id. Feedback is optional to approve and required to reject or to request changes (the aggregate says so). */
export class ReviewSubmissionDto {
  @ApiProperty({ enum: ['approved', 'rejected', 'changes_requested'] })
  @IsIn(['approved', 'rejected', 'changes_requested'], { message: "Status must be 'approved', 'rejected' or 'changes_requested'" })
  status!: 'approved' | 'rejected' | 'changes_requested';

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Shown to the submitter as the review notes' })
  @IsOptional()
  @Checks(
    IsString({ message: 'Feedback must be text' }),
    MaxLength(5000, { message: 'Feedback is at most 5,000 characters' }),
  )
  feedback?: string | null;
}
