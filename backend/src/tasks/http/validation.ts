import { applyDecorators } from '@nestjs/common';

/**
 * Bodies and queries are validated by the global ValidationPipe (common/validation-pipe.ts: class-validator,
 * unknown fields stripped, `stopAtFirstError`). Property decorators run bottom-up, so stacked rules would be
 * checked last-first; `Checks` applies its rules in the order written, so the first broken rule is the message.
 */
export const Checks = (...rules: PropertyDecorator[]): PropertyDecorator => applyDecorators(...rules);
