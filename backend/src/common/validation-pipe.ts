import { ValidationPipe } from '@nestjs/common';

/**
 * The global validation of DTO bodies / queries / params (class-validator). Unknown fields are stripped,
 * not refused: the spec's client sends fields the server owns (creatorId, userId, ...), which must be
 * ignored rather than break the call. Errors answer 400 `{ message, errors }` through ApiErrorFilter
 * (message = the first problem; errors = one line per bad field).
 */
export function apiValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
}
