import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AppMetrics } from './app-metrics';

/** How often the chain's head block is read, and how long one read may take. */
export const CHAIN_HEAD_POLL_MS = 5_000;
export const CHAIN_HEAD_TIMEOUT_MS = 3_000;

export interface ChainHead {
  block: bigint;
  /** When it was read (ms since the epoch). */
  at: number;
}

/**
 * The chain's head block, read in the background and kept: a scrape of /metrics reads the kept value and so
 * never waits for a frozen or slow RPC (the value's age says how stale it is).
 */
@Injectable()
export class ChainHeadWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private last: ChainHead | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: AppMetrics,
  ) {}

  get chainId(): number {
    return this.config.CHAIN_ID;
  }

  get head(): ChainHead | null {
    return this.last;
  }

  /** One read of eth_blockNumber (bounded by CHAIN_HEAD_TIMEOUT_MS); a failure counts as an RPC error. */
  async poll(): Promise<void> {
    try {
      const res = await fetch(this.config.RPC_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
        signal: AbortSignal.timeout(CHAIN_HEAD_TIMEOUT_MS),
      });
      const body = (await res.json()) as { result?: unknown };
      if (!res.ok || typeof body.result !== 'string') throw new Error(`HTTP ${res.status}`);
      this.last = { block: BigInt(body.result), at: Date.now() };
    } catch {
      this.metrics.rpcErrors.inc({ method: 'eth_blockNumber' });
    }
  }

  onApplicationBootstrap(): void {
    const loop = async () => {
      await this.poll();
      if (!this.stopped) this.timer = setTimeout(() => void loop(), CHAIN_HEAD_POLL_MS).unref();
    };
    void loop();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
