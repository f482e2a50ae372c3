import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Allow, IsBoolean, IsDate, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, MinDate,
} from 'class-validator';
import { Checks, numberFromText } from '../../common/dto-fields';
import { CATEGORIES, LIMITS, SUBMISSION_TYPES, SubmissionType } from '../task.constants';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toDate = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? new Date(value) : value === null || value === '' ? undefined : value;

/**
 * POST /api/tasks. Limits and messages are the spec's (part 1 §5). `creatorId`, `contractAddress` and
 * `completions` may be sent (the spec's client sends the first two) but are ignored: the server owns them.
 */
export class CreateTaskDto {
  @ApiProperty({ example: 'Write a thread about CENT', maxLength: 300 })
  @Transform(trim)
  @Checks(
    IsString({ message: 'Title is required' }),
    IsNotEmpty({ message: 'Title is required' }),
    MaxLength(300, { message: 'Title is at most 300 characters' }),
  )
  title!: string;

  @ApiProperty({ maxLength: 10000 })
  @Transform(trim)
  @Checks(
    IsString({ message: 'Description is required' }),
    IsNotEmpty({ message: 'Description is required' }),
    MaxLength(10_000, { message: 'Description is at most 10,000 characters' }),
  )
  description!: string;

  @ApiProperty({ maxLength: 10000 })
  @Transform(trim)
  @Checks(
    IsString({ message: 'Requirements are required' }),
    IsNotEmpty({ message: 'Requirements are required' }),
    MaxLength(10_000, { message: 'Requirements are at most 10,000 characters' }),
  )
  requirements!: string;

  @ApiProperty({ enum: CATEGORIES, default: 'Content' })
  @Checks(
    IsString({ message: 'Category is required' }),
    IsNotEmpty({ message: 'Category is required' }),
    IsIn(CATEGORIES, { message: `Category must be one of: ${CATEGORIES.join(', ')}` }),
  )
  category!: string;

  @ApiProperty({ enum: SUBMISSION_TYPES, default: 'text' })
  @Checks(
    IsString({ message: 'Submission type is required' }),
    IsNotEmpty({ message: 'Submission type is required' }),
    IsIn(SUBMISSION_TYPES, { message: `Submission type must be one of: ${SUBMISSION_TYPES.join(', ')}` }),
  )
  submissionType!: SubmissionType;

  @ApiProperty({ description: 'Whole CENT per approved submission', minimum: 1, maximum: 100000, default: 50 })
  @Transform(numberFromText)
  @Checks(
    IsInt({ message: 'Reward must be a positive whole number' }),
    Min(LIMITS.reward.min, { message: 'Reward must be a positive whole number' }),
    Max(LIMITS.reward.max, { message: 'Maximum 100,000 CENTS' }),
  )
  reward!: number;

  @ApiProperty({ minimum: 1, maximum: 100, default: 5 })
  @Transform(numberFromText)
  @Checks(
    IsInt({ message: 'Max completions must be a positive whole number' }),
    Min(LIMITS.maxCompletions.min, { message: 'Max completions must be a positive whole number' }),
    Max(LIMITS.maxCompletions.max, { message: 'Maximum 100 completions' }),
  )
  maxCompletions!: number;

  @ApiProperty({ description: 'Minutes', minimum: 1, maximum: 480, default: 30 })
  @Transform(numberFromText)
  @Checks(
    IsInt({ message: 'Estimated time must be a positive whole number of minutes' }),
    Min(LIMITS.estimatedTime.min, { message: 'Estimated time must be a positive whole number of minutes' }),
    Max(LIMITS.estimatedTime.max, { message: 'Maximum 8 hours (480 minutes)' }),
  )
  estimatedTime!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    description:
      "Required and in the future (the spec's form has no deadline field, but the Task entity requires one; " +
      'the escrow refund opens after it)',
  })
  @Transform(toDate)
  @Checks(
    IsDate({ message: 'Deadline is required (a date and time in the future)' }),
    MinDate(() => new Date(), { message: 'Deadline must be in the future' }),
  )
  deadline!: Date;

  @ApiPropertyOptional({ default: true, description: 'false saves the task as a draft (not listed)' })
  @IsOptional()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;

  @ApiPropertyOptional({ description: 'Ignored: the creator is the signed-in user' })
  @Allow()
  creatorId?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: the escrow address comes from configuration' })
  @Allow()
  contractAddress?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: completions count approved submissions' })
  @Allow()
  completions?: unknown;
}
