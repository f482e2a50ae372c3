import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { storableDateOfSeconds } from '../common/dates';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** The chain's latest block as the clock last saw it. */
export interface ChainTime {
  blockNumber: number;
  /** The block's timestamp (ms since the epoch). */
  timestampMs: number;
  /** When this process read it (server time, ms). */
  observedAtMs: number;
}

/**
 * THE clock of every time rule (DESIGN.md "Time"): `now()` is max(server time, the chain's latest block
 * time), so the app agrees with the escrow, whose deadlines and release window follow block time, and
 * tests move time with anvil's evm_increaseTime + evm_mine.
 *
 * The block time is kept by a background poll (CHAIN_CLOCK_POLL_MS, each call bounded by
 * CHAIN_CLOCK_TIMEOUT_MS), never read in a request's path: a frozen or slow chain never slows a route, it only
 * leaves the clock on server time or the last block seen (which is never behind what the chain said). One
 * instance per process (ClockModule is global); the indexer and any scheduler use the same one.
 */
@Injectable()
export class ChainClock implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ChainClock');
  private latest: ChainTime | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private lastErrorLogMs = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    if (this.config.CHAIN_CLOCK_POLL_MS <= 0) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.CHAIN_CLOCK_POLL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** max(server time, the latest block's timestamp): what every deadline, review cut-off and refund rule is decided on. */
  now(): Date {
    return new Date(Math.max(Date.now(), this.latest?.timestampMs ?? 0));
  }

  /** The latest block seen (null before the first answer): for health and "chain unreachable, last block N at T". */
  get chainTime(): ChainTime | null {
    return this.latest;
  }

  /** Reads the latest block now (one call in flight at a time); a failure keeps what was seen before. */
  refresh(): Promise<void> {
    this.polling ??= this.poll().finally(() => (this.polling = null));
    return this.polling;
  }

  private async poll(): Promise<void> {
    try {
      const res = await fetch(this.config.RPC_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }),
        signal: AbortSignal.timeout(this.config.CHAIN_CLOCK_TIMEOUT_MS),
      });
      const body = (await res.json()) as { result?: { number: string; timestamp: string } | null; error?: { message: string } };
      if (!body.result) throw new Error(body.error?.message ?? `HTTP ${res.status}: no block`);
      const blockNumber = Number(BigInt(body.result.number));
      // Past the year 9999 (a broken node, or a local chain's time set in milliseconds by mistake) no date can hold
      // it: the clock would be an Invalid Date for good (it never goes back) and every time rule would fail. Held at
      // the last storable instant instead, where every deadline has passed, which is what such a chain says.
      const timestampMs = storableDateOfSeconds(BigInt(body.result.timestamp)).getTime();
      // Never backwards: a lagging node (or a replica behind a load balancer) must not move the clock back.
      if (!this.latest || blockNumber >= this.latest.blockNumber || timestampMs > this.latest.timestampMs) {
        this.latest = { blockNumber, timestampMs: Math.max(timestampMs, this.latest?.timestampMs ?? 0), observedAtMs: Date.now() };
      }
    } catch (err) {
      if (Date.now() - this.lastErrorLogMs > 60_000) {
        this.lastErrorLogMs = Date.now();
        this.logger.warn(`the chain's latest block could not be read (time rules use server time or the last block seen): ${(err as Error).message}`);
      }
    }
  }
}
