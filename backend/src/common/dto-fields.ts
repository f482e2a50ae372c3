import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_RECORD_ID } from './record-id';

/**
 * Bodies and queries are validated by the global ValidationPipe (common/validation-pipe.ts: class-validator,
 * unknown fields stripped, `stopAtFirstError`). Property decorators run bottom-up, so stacked rules would be
 * checked last-first; `Checks` applies its rules in the order written, so the first broken rule is the message.
 */
export const Checks = (...rules: PropertyDecorator[]): PropertyDecorator => applyDecorators(...rules);

/** The spec's clients send numbers from text fields: "50" is taken as 50 ("5.5" stays as is, "abc" too). */
export const numberFromText = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

/** A required positive integer id field of a body (`taskId`, `recipientId`, ...). */
export function IdField(name: string, description?: string): PropertyDecorator {
  const message = `${name} must be a number`;
  return applyDecorators(
    ApiProperty({ type: Number, description }),
    Transform(numberFromText),
    Checks(IsInt({ message }), Min(1, { message }), Max(MAX_RECORD_ID, { message })),
  );
}
