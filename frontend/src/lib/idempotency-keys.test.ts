import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseQuery } from './api';

type Answer = number | 'network down';

/** The browser's fetch answering from a script, recording each request's method, URL and Idempotency-Key. */
function network(...answers: Answer[]) {
  const sent: Array<{ method: string; url: string; key: string | null }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ method: init.method ?? 'GET', url, key: headers.get('Idempotency-Key') });
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)];
    if (answer === 'network down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ id: sent.length }), { status: answer, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

const api = { signal: new AbortController().signal } as Parameters<typeof baseQuery>[1];
const run = (args: Parameters<typeof baseQuery>[0]) => baseQuery(args, api, {});
let n = 0;
const task = () => ({ url: '/api/tasks', method: 'POST' as const, body: { title: `Task ${++n}`, reward: 5 } });

afterEach(() => vi.unstubAllGlobals());

describe('Idempotency-Key per user action', () => {
  it('sends the same key again when the first attempt got no answer, a server failure or "still running"', async () => {
    const sent = network('network down', 503, 409, 201);
    const action = task();
    for (let i = 0; i < 4; i++) await run(action);
    expect(sent[0].key).toMatch(/^"[0-9a-f]{32}"$/);
    expect(sent.map((s) => s.key)).toEqual(Array(4).fill(sent[0].key));
  });

  it('gives a new action a new key once the outcome is known (success or a final refusal)', async () => {
    for (const known of [201, 200, 400, 403, 404, 422]) {
      const sent = network(known);
      const action = task();
      await run(action);
      await run(action);
      expect(sent[1].key).not.toBe(sent[0].key);
    }
  });

  it('keys each write by its method, URL and body: another write never borrows an open key', async () => {
    const sent = network('network down');
    const action = task();
    await run(action);
    await run({ ...action, body: { ...action.body, reward: 6 } });
    await run({ url: '/api/submissions/1', method: 'PATCH', body: action.body });
    await run(action);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(sent[3].key).toBe(sent[0].key);
  });

  it('sends no key on reads and multipart uploads', async () => {
    const sent = network(200);
    await run('/api/tasks');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await run({ url: '/api/submissions/upload', method: 'POST', body: form });
    expect(sent.map((s) => s.key)).toEqual([null, null]);
  });
});
