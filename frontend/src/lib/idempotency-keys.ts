/**
 * One `Idempotency-Key` per user action (backend/src/idempotency): a write sent again because its outcome is
 * unknown (no answer, the server failed, or it was still running) goes with the key of the first attempt, so
 * the server answers it with the first answer instead of creating a second task or submission; once an
 * answer is known, the same write is a new action and gets a new key.
 */
export class WriteKeys {
  private readonly open = new Map<string, { key: string; since: number }>();

  constructor(
    private readonly newKey: () => string = randomKey,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of this write: the open one of the same request, else a new one. */
  keyFor(method: string, url: string, body: string): string {
    this.forgetOld();
    const request = `${method} ${url}\n${body}`;
    const open = this.open.get(request);
    if (open) return open.key;
    const key = this.newKey();
    this.open.set(request, { key, since: this.now() });
    return key;
  }

  /** After an attempt: a known outcome closes the action; an unknown one keeps its key for the retry. */
  settle(method: string, url: string, body: string, outcome: number | 'FETCH_ERROR'): void {
    if (!outcomeUnknown(outcome)) this.open.delete(`${method} ${url}\n${body}`);
  }

  /** Keys the server may have forgotten, or too many, go (the server keeps a key 24 h). */
  private forgetOld(): void {
    const cutoff = this.now() - KEEP_MS;
    for (const [request, { since }] of this.open) if (since < cutoff || this.open.size > MAX_OPEN) this.open.delete(request);
  }
}

const KEEP_MS = 3600_000;
const MAX_OPEN = 100;

/** No answer, a server failure, "still running" (409), a timeout or "too many requests": it may have happened or may yet. */
function outcomeUnknown(outcome: number | 'FETCH_ERROR'): boolean {
  return outcome === 'FETCH_ERROR' || outcome >= 500 || [408, 409, 425, 429].includes(outcome);
}

/** 128 random bits as hex (crypto.getRandomValues works on plain-http origins too, where randomUUID does not). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header as the IETF draft writes it: a Structured Field string. */
export const idempotencyKeyHeader = (key: string) => `"${key}"`;
