/**
 * A small JSON-RPC client over fetch with a timeout, and a retrying wrapper for reads.
 *
 * Why not ethers' provider: the indexer must decide itself what is retried (every transient fault, for
 * ever, with backoff and a log line) and must never see a cached block number or a silently re-tried
 * send. ethers is still used for ABI coding and signing.
 */
export class RpcError extends Error {
  constructor(readonly method: string, readonly code: number, message: string, readonly data?: unknown) {
    super(`${method}: ${message} (code ${code})`);
  }
}

export class TransportError extends Error {}

/**
 * The facts of a decision (task and submission ids, tx hash, nonce, block…): structured loggers write them as
 * JSON properties a log search can filter on, instead of text to parse. Ids as numbers or decimal strings.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

/** What the indexer and the payout worker log through (pino in the processes: see logging/pino-logger.ts). */
export interface Logger {
  log(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface RetryPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { initialDelayMs: 100, maxDelayMs: 5_000 };

let nextId = 1;

export class JsonRpc {
  /** Set on shutdown: retrying calls give up instead of waiting for the node for ever. */
  closed = false;
  /** Told of every failed attempt (the process's metrics count them). */
  onFailure: ((method: string, err: RpcError | TransportError) => void) | null = null;

  constructor(
    readonly url: string,
    private readonly logger: Logger,
    private readonly timeoutMs = 10_000,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  /** One attempt. JSON-RPC errors become RpcError; network/HTTP faults and timeouts TransportError. */
  async request<T>(method: string, params: unknown[] = []): Promise<T> {
    try {
      return await this.attempt<T>(method, params);
    } catch (err) {
      this.onFailure?.(method, err as RpcError | TransportError);
      throw err;
    }
  }

  private async attempt<T>(method: string, params: unknown[]): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new TransportError(`${method}: ${(err as Error).message}`);
    }
    const text = await res.text().catch((err: Error) => {
      throw new TransportError(`${method}: ${err.message}`);
    });
    if (!res.ok) throw new TransportError(`${method}: HTTP ${res.status} ${text.slice(0, 200)}`);
    let body: { result?: T; error?: { code: number; message: string; data?: unknown } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new TransportError(`${method}: invalid JSON ${text.slice(0, 200)}`);
    }
    if (body.error) throw new RpcError(method, body.error.code, body.error.message, body.error.data);
    return body.result as T;
  }

  /**
   * Retries until it succeeds: timeouts, HTTP errors (429 rate limits, 5xx) and JSON-RPC errors alike,
   * with exponential backoff and jitter, logging each failure. For reads, which are always safe to repeat;
   * `isFinal` marks errors that no retry can fix (e.g. an execution revert) and are thrown at once.
   */
  async call<T>(method: string, params: unknown[] = [], isFinal: (err: unknown) => boolean = () => false): Promise<T> {
    return retryForever(`${method}`, () => this.request<T>(method, params), this.logger, this.retry, isFinal, () => this.closed);
  }
}

export async function retryForever<T>(
  label: string,
  attempt: () => Promise<T>,
  logger: Logger,
  policy: RetryPolicy = DEFAULT_RETRY,
  isFinal: (err: unknown) => boolean = () => false,
  shouldStop: () => boolean = () => false,
): Promise<T> {
  let delay = policy.initialDelayMs;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (isFinal(err) || shouldStop()) throw err;
      logger.warn(`${label} failed (attempt ${n}), retrying in ${delay} ms: ${(err as Error).message}`);
      await sleep(delay * (0.75 + Math.random() * 0.5));
      delay = Math.min(policy.maxDelayMs, delay * 2);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const toHex = (n: number | bigint) => `0x${n.toString(16)}`;
