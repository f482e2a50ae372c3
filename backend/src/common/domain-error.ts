/**
 * A command refused by a domain rule. `status` is the HTTP answer the API gives; `message` is the text a
 * person reads (the spec's wording where it has one).
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new DomainError(404, message);
export const forbidden = (message: string) => new DomainError(403, message);
export const conflict = (message: string) => new DomainError(409, message);
export const badRequest = (message: string, details?: Record<string, unknown>) => new DomainError(400, message, details);
