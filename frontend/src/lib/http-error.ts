/**
 * The spec's shared request behaviour: any non-OK answer becomes an error whose message is
 * "{status}: {response text}" (the status text when the body is empty). Toasts that the spec says show
 * "the server message" use `serverMessage` (the `message` of our JSON error bodies) when there is one.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  message: string;
  serverMessage?: string;
  errors?: string[];
}

export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

export function apiErrorFrom(status: number, bodyText: string, statusText: string): ApiError {
  const error: ApiError = { status, message: httpErrorMessage(status, bodyText, statusText) };
  try {
    const body = JSON.parse(bodyText) as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string') error.serverMessage = body.message;
    if (Array.isArray(body.errors)) error.errors = body.errors.map(String);
  } catch {
    /* not JSON: the text itself is the message */
  }
  return error;
}

export function isApiError(e: unknown): e is ApiError {
  return typeof e === 'object' && e !== null && 'status' in e && typeof (e as ApiError).message === 'string';
}

/** What a toast shows for a failure: the server's own sentence when it sent one, else the error's message. */
export function errorText(e: unknown, fallback: string): string {
  if (isApiError(e)) return e.serverMessage ?? e.message;
  if (e instanceof Error && e.message) return e.message;
  if (typeof e === 'string' && e) return e;
  return fallback;
}
