import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';
import { Checks, IdField } from '../../common/dto-fields';
import { MESSAGES } from '../../tasks/domain/task.aggregate';


/**
 * POST /api/submissions. Which proof the task needs (link, text, file or any for mixed) and the proof
 * messages are checked by the task aggregate, the one place that knows the task's submission type.
 * `userId` may be sent (the spec's client does) but is ignored: the submitter is the signed-in user.
 */
export class SubmitProofDto {
  @IdField('taskId')
  taskId!: number;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'http(s) URL' })
  @IsOptional()
  @Checks(
    IsString({ message: 'Please enter a valid URL' }),
    MaxLength(2048, { message: 'The link is at most 2048 characters' }),
  )
  proofLink?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Checks(
    IsString({ message: 'Please provide proof text' }),
    MaxLength(20_000, { message: 'The proof text is at most 20,000 characters' }),
  )
  proofText?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The fileUrl answered by POST /api/submissions/upload' })
  @IsOptional()
  @Checks(
    IsString({ message: MESSAGES.missingFile }),
    MaxLength(2048, { message: MESSAGES.missingFile }),
  )
  proofFileUrl?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Checks(
    IsString({ message: 'Notes must be text' }),
    MaxLength(5000, { message: 'Notes are at most 5,000 characters' }),
  )
  notes?: string | null;

  @ApiPropertyOptional({ description: 'Ignored: the submitter is the signed-in user' })
  @Allow()
  userId?: unknown;
}
