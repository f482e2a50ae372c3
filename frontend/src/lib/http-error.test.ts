import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseQuery } from './api';
import { apiErrorFrom, errorText, httpErrorMessage } from './http-error';

const run = (args: Parameters<typeof baseQuery>[0]) =>
  baseQuery(args, { signal: new AbortController().signal } as never, {}) as Promise<{ data?: unknown; error?: unknown }>;

describe('HTTP error text: "{status}: {body or status text}"', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the body text, or the status text when the body is empty', () => {
    expect(httpErrorMessage(404, 'Task not found', 'Not Found')).toBe('404: Task not found');
    expect(httpErrorMessage(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });

  it("keeps the raw text as the message and the JSON body's message for toasts", () => {
    const e = apiErrorFrom(400, '{"message":"Maximum 100,000 CENTS","errors":["Maximum 100,000 CENTS"]}', 'Bad Request');
    expect(e.message).toBe('400: {"message":"Maximum 100,000 CENTS","errors":["Maximum 100,000 CENTS"]}');
    expect(e.serverMessage).toBe('Maximum 100,000 CENTS');
    expect(e.errors).toEqual(['Maximum 100,000 CENTS']);
    expect(errorText(e, 'fallback')).toBe('Maximum 100,000 CENTS');
    expect(errorText(apiErrorFrom(500, 'boom', 'Internal Server Error'), 'x')).toBe('500: boom');
    expect(errorText(new Error('wallet said no'), 'x')).toBe('wallet said no');
    expect(errorText(undefined, 'Unknown error')).toBe('Unknown error');
  });

  it('sends cookies and JSON, maps failures, and answers null for a 401 only when asked', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') return new Response('', { status: 503, statusText: 'Service Unavailable' });
      return new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await run({ url: '/api/user', nullOn401: true })).toEqual({ data: null });
    expect((await run('/api/user')).error).toMatchObject({ status: 401, message: '401: Unauthorized' });
    expect((await run({ url: '/api/tasks', method: 'POST', body: { a: 1 } })).error).toMatchObject({
      status: 503,
      message: '503: Service Unavailable',
    });
    const [, init] = fetchMock.mock.calls[2];
    expect(init.credentials).toBe('include');
    // A write carries its action's Idempotency-Key (lib/idempotency-keys.ts) beside the JSON type.
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    expect(init.body).toBe('{"a":1}');
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect((await run('/api/tasks')).error).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
  });
});
