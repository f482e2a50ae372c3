import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiErrorFrom, type ApiError } from './http-error';
import { idempotencyKeyHeader, WriteKeys } from './idempotency-keys';

/** A request: a path (GET) or the full form. `nullOn401` answers null instead of an error on 401 (spec §7). */
export type ApiArgs =
  | string
  | { url: string; method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; nullOn401?: boolean };

/** The app's open write actions and their Idempotency-Keys. */
export const writeKeys = new WriteKeys();

/**
 * The spec's shared request behaviour: the session cookie on every request, JSON bodies with a JSON
 * content type (FormData as multipart), and every non-OK answer as an ApiError "{status}: {text}".
 * Every JSON write carries an Idempotency-Key: the same key when it repeats a write whose outcome is unknown.
 */
export const baseQuery: BaseQueryFn<ApiArgs, unknown, ApiError> = async (args, { signal }) => {
  const a = typeof args === 'string' ? { url: args } : args;
  const method = a.method ?? 'GET';
  const init: RequestInit = { method, credentials: 'include', signal };
  const headers: Record<string, string> = {};
  if (a.body instanceof FormData) init.body = a.body;
  else if (a.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(a.body);
  }
  const bodyText = typeof init.body === 'string' ? init.body : '';
  const keyed = method !== 'GET' && !(a.body instanceof FormData);
  if (keyed) headers['Idempotency-Key'] = idempotencyKeyHeader(writeKeys.keyFor(method, a.url, bodyText));
  if (Object.keys(headers).length) init.headers = headers;
  let res: Response;
  try {
    res = await fetch(a.url, init);
  } catch (e) {
    if (keyed) writeKeys.settle(method, a.url, bodyText, 'FETCH_ERROR');
    return { error: { status: 'FETCH_ERROR', message: e instanceof Error ? e.message : String(e) } };
  }
  if (keyed) writeKeys.settle(method, a.url, bodyText, res.status);
  if (res.status === 401 && a.nullOn401) return { data: null };
  const text = await res.text();
  if (!res.ok) return { error: apiErrorFrom(res.status, text, res.statusText) };
  return { data: text ? (JSON.parse(text) as unknown) : null };
};

/**
 * Spec §7: the admin data (GET /api/admin/dashboard, on the admin console and the admins' approvals page) is
 * retried once on failure; not when the answer is "not signed in" or "not allowed", which a retry cannot change.
 * For a `queryFn`: `retryOnce(args, baseQuery)`.
 */
export async function retryOnce<R extends { data?: unknown; error?: unknown }>(args: ApiArgs, run: (args: ApiArgs) => PromiseLike<R> | R): Promise<R> {
  const first = await run(args);
  const status = (first.error as { status?: unknown } | undefined)?.status;
  if (!first.error || status === 401 || status === 403) return first;
  return run(args);
}

/**
 * The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints` in their own
 * `api.ts`. Spec: no retries, no refetch on focus, no polling unless a screen says so.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Task', 'Submission', 'User', 'Leaderboard', 'Dashboard', 'Admin', 'Notification', 'Escrow', 'Config', 'Explorer'],
  refetchOnFocus: false,
  refetchOnReconnect: false,
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
