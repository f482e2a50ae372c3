import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Allow, IsBoolean, IsDate, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxDate, MaxLength, Min, MinDate,
} from 'class-validator';
import { parseIsoDate } from '../../common/dates';
import { Checks, numberFromText } from '../../common/dto-fields';
import { REVIEW_DEADLINE_MESSAGES, REVIEW_WITHIN_HOURS } from '../domain/task-review-deadline';
import { CATEGORIES, CREATE_TASK_MESSAGES as M, LIMITS, SUBMISSION_TYPES, SubmissionType } from '../domain/task.constants';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** ISO 8601 text naming a real day in years 0001-9999 (common/dates.ts); anything else fails IsDate. */
const toDate = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? (parseIsoDate(value) ?? value) : value === null || value === '' ? undefined : value;
const YEAR_MS = LIMITS.deadlineAheadSeconds * 1000;

/**
 * POST /api/tasks. Limits and messages are the spec's (part 1 §5). `creatorId`, `contractAddress` and
 * `completions` may be sent (the spec's client sends the first two) but are ignored: the server owns them.
 */
export class CreateTaskDto {
  @ApiProperty({ example: 'Write a thread about CENT', minLength: 1, maxLength: LIMITS.title.maxLength })
  @Transform(trim)
  @Checks(
    IsString({ message: M.titleRequired }),
    IsNotEmpty({ message: M.titleRequired }),
    MaxLength(LIMITS.title.maxLength, { message: M.titleTooLong }),
  )
  title!: string;

  @ApiProperty({ minLength: 1, maxLength: LIMITS.description.maxLength })
  @Transform(trim)
  @Checks(
    IsString({ message: M.descriptionRequired }),
    IsNotEmpty({ message: M.descriptionRequired }),
    MaxLength(LIMITS.description.maxLength, { message: M.descriptionTooLong }),
  )
  description!: string;

  @ApiProperty({ minLength: 1, maxLength: LIMITS.requirements.maxLength })
  @Transform(trim)
  @Checks(
    IsString({ message: M.requirementsRequired }),
    IsNotEmpty({ message: M.requirementsRequired }),
    MaxLength(LIMITS.requirements.maxLength, { message: M.requirementsTooLong }),
  )
  requirements!: string;

  @ApiProperty({ enum: CATEGORIES, default: 'Content' })
  @Checks(
    IsString({ message: M.categoryRequired }),
    IsNotEmpty({ message: M.categoryRequired }),
    IsIn(CATEGORIES, { message: M.categoryInvalid }),
  )
  category!: string;

  @ApiProperty({ enum: SUBMISSION_TYPES, default: 'text' })
  @Checks(
    IsString({ message: M.submissionTypeRequired }),
    IsNotEmpty({ message: M.submissionTypeRequired }),
    IsIn(SUBMISSION_TYPES, { message: M.submissionTypeInvalid }),
  )
  submissionType!: SubmissionType;

  @ApiProperty({ description: 'Whole CENT per approved submission', minimum: LIMITS.reward.min, maximum: LIMITS.reward.max, default: 50 })
  @Transform(numberFromText)
  @Checks(
    IsInt({ message: M.rewardInvalid }),
    Min(LIMITS.reward.min, { message: M.rewardInvalid }),
    Max(LIMITS.reward.max, { message: M.rewardMax }),
  )
  reward!: number;

  @ApiProperty({ minimum: LIMITS.maxCompletions.min, maximum: LIMITS.maxCompletions.max, default: 5 })
  @Transform(numberFromText)
  @Checks(
    IsInt({ message: M.maxCompletionsInvalid }),
    Min(LIMITS.maxCompletions.min, { message: M.maxCompletionsInvalid }),
    Max(LIMITS.maxCompletions.max, { message: M.maxCompletionsMax }),
  )
  maxCompletions!: number;

  @ApiProperty({ description: 'Minutes', minimum: LIMITS.estimatedTime.min, maximum: LIMITS.estimatedTime.max, default: 30 })
  @Transform(numberFromText)
  @Checks(
    IsInt({ message: M.estimatedTimeInvalid }),
    Min(LIMITS.estimatedTime.min, { message: M.estimatedTimeInvalid }),
    Max(LIMITS.estimatedTime.max, { message: M.estimatedTimeMax }),
  )
  estimatedTime!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    description:
      "Required, in the future and at most one year (365 days) ahead (the spec's form has no deadline field, but the " +
      'Task entity requires one; the escrow refund opens after it plus the review window). ISO 8601: `YYYY-MM-DD` ' +
      '(midnight UTC) or a date-time with `Z` or an offset; kept in whole seconds. Else 400 "' + M.deadlineRequired +
      '", "' + M.deadlinePast + '" or "' + M.deadlineTooFar + '".',
  })
  @Transform(toDate)
  @Checks(
    IsDate({ message: M.deadlineRequired }),
    MinDate(() => new Date(), { message: M.deadlinePast }),
    MaxDate(() => new Date(Date.now() + YEAR_MS), { message: M.deadlineTooFar }),
  )
  deadline!: Date;

  @ApiPropertyOptional({
    default: REVIEW_WITHIN_HOURS.default, minimum: REVIEW_WITHIN_HOURS.min, maximum: REVIEW_WITHIN_HOURS.max,
    description: '"Auto-approve after" (hours): a submission not reviewed this long after it was sent is approved automatically ' +
      "(unless the validator flagged it), never later than the task's review cut-off. Else 400 \"" + REVIEW_DEADLINE_MESSAGES.reviewWithinInvalid + '".',
  })
  @IsOptional()
  @Transform(numberFromText)
  @Checks(
    IsInt({ message: REVIEW_DEADLINE_MESSAGES.reviewWithinInvalid }),
    Min(REVIEW_WITHIN_HOURS.min, { message: REVIEW_DEADLINE_MESSAGES.reviewWithinInvalid }),
    Max(REVIEW_WITHIN_HOURS.max, { message: REVIEW_DEADLINE_MESSAGES.reviewWithinInvalid }),
  )
  reviewWithinHours?: number;

  @ApiPropertyOptional({ default: true, description: 'false saves the task as a draft (not listed)' })
  @IsOptional()
  @IsBoolean({ message: M.isActiveInvalid })
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
