import { describe, expect, it } from 'vitest';
import { retryOnce, type ApiArgs } from './api';

type Answer = { data?: unknown; error?: { status: number | string; message: string } };

/** A query that answers from a script and records every call. */
function scripted(...answers: Answer[]) {
  const calls: ApiArgs[] = [];
  const run = async (args: ApiArgs) => {
    calls.push(args);
    return answers[Math.min(calls.length - 1, answers.length - 1)];
  };
  return { calls, run };
}

const fail = (status: number | string): Answer => ({ error: { status, message: `${status}: x` } });

describe('retryOnce (spec §7: admin data retried once on failure)', () => {
  it('does not retry a success', async () => {
    const q = scripted({ data: 1 });
    expect(await retryOnce('/api/admin/dashboard', q.run)).toEqual({ data: 1 });
    expect(q.calls).toHaveLength(1);
  });

  it('retries a failure once and answers the second attempt, success or not', async () => {
    const recovered = scripted(fail(500), { data: 2 });
    expect(await retryOnce('/a', recovered.run)).toEqual({ data: 2 });
    expect(recovered.calls).toEqual(['/a', '/a']);
    const down = scripted(fail('FETCH_ERROR'), fail(502), { data: 3 });
    expect(await retryOnce('/a', down.run)).toEqual(fail(502));
    expect(down.calls).toHaveLength(2);
  });

  it('never retries "not signed in" or "not allowed"', async () => {
    for (const status of [401, 403]) {
      const q = scripted(fail(status), { data: 4 });
      expect(await retryOnce('/a', q.run)).toEqual(fail(status));
      expect(q.calls).toHaveLength(1);
    }
  });
});
