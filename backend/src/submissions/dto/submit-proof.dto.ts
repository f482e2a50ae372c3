import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { Checks } from '../../tasks/http/validation';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;

/**
 * POST /api/submissions. Which proof the task needs (link, text, file or any for mixed) and the proof
 * messages are checked by the task aggregate, the one place that knows the task's submission type.
 * `userId` may be sent (the spec's client does) but is ignored: the submitter is the signed-in user.
 */
export class SubmitProofDto {
  @ApiProperty()
  @Transform(toNumber)
  @Checks(
    IsInt({ message: 'taskId must be a number' }),
    Min(1, { message: 'taskId must be a number' }),
  )
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
    IsString({ message: 'Missing file: Please upload a file as proof' }),
    MaxLength(2048, { message: 'Missing file: Please upload a file as proof' }),
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
