import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';

/** Most query strings whose validated DTO is remembered. */
const REMEMBERED_QUERIES = 1000;
/** A longer query (the list's are ~100 characters) is validated every time: junk parameters must not fill memory. */
const REMEMBERED_QUERY_MAX_CHARS = 1024;

/**
 * The global validation of DTO bodies / queries / params (class-validator). Unknown fields are stripped,
 * not refused: the spec's client sends fields the server owns (creatorId, userId, ...), which must be
 * ignored rather than break the call. Errors answer 400 `{ message, errors }` through ApiErrorFilter
 * (message = the first problem; errors = one line per bad field).
 *
 * A query DTO (`@Query() q: SomeQuery`) is remembered by its query, the last REMEMBERED_QUERIES of them: the
 * task list is asked the same few questions over and over, and class-transformer with class-validator cost
 * ~35 µs of its ~450 µs of CPU each time. The remembered DTO is frozen, as every request that asked the same
 * shares it (a handler that wrote to it would throw, not leak into another request). Refusals, and queries
 * longer than REMEMBERED_QUERY_MAX_CHARS (unknown parameters are stripped, not refused), are not remembered.
 */
class ApiValidationPipe extends ValidationPipe {
  private readonly queries = new Map<string, Promise<unknown>>();

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'query' || !metadata.metatype || metadata.data !== undefined) return super.transform(value, metadata);
    const key = `${metadata.metatype.name}?${JSON.stringify(value)}`;
    if (key.length > REMEMBERED_QUERY_MAX_CHARS) return super.transform(value, metadata);
    const known = this.queries.get(key);
    if (known) {
      // Re-inserted: a Map keeps insertion order, so its first key is the least recently used.
      this.queries.delete(key);
      this.queries.set(key, known);
      return known;
    }
    const validated = super.transform(value, metadata).then((dto: unknown) => Object.freeze(dto));
    this.queries.set(key, validated);
    if (this.queries.size > REMEMBERED_QUERIES) this.queries.delete(this.queries.keys().next().value as string);
    validated.catch(() => {
      if (this.queries.get(key) === validated) this.queries.delete(key);
    });
    return validated;
  }
}

export function apiValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
}
