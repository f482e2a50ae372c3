import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ChainRpc } from '../chain/chain-rpc';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AppMetrics } from './app-metrics';

/** How often the chain's head block is read in the background (each read bounded by CHAIN_TIMEOUT_MS). */
export const CHAIN_HEAD_POLL_MS = 5_000;

export interface ChainHead {
  block: number;
  /** When it was read (ms since the epoch). */
  at: number;
}

/**
 * The chain's head block, read in the background through the backend's chain connection (which records it
 * in DependencyStatus too) and kept: a scrape of /metrics reads the kept value and so never waits for a
 * frozen or slow RPC (the value's age says how stale it is).
 */
@Injectable()
export class ChainHeadWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private last: ChainHead | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly chain: ChainRpc,
    private readonly metrics: AppMetrics,
  ) {}

  get chainId(): number {
    return this.config.CHAIN_ID;
  }

  get head(): ChainHead | null {
    return this.last;
  }

  /** One read of the head; a failure (timeout, refused, error answer) counts as an RPC error. */
  async poll(): Promise<void> {
    try {
      this.last = { block: await this.chain.head(), at: Date.now() };
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
