import { Inject, Injectable, Module, OnModuleDestroy } from '@nestjs/common';
import { JsonRpcProvider } from 'ethers';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { indexerSource, locateEscrow } from '../escrow/escrow-contract';
import { BlockSighting, DependencyStatus } from '../health/dependency-status';
import { createChainProvider } from './chain-provider';
import { INDEXER_CHECKPOINT_SQL } from './indexer-checkpoint';

/**
 * The backend's chain connection (escrow view, readiness): one provider with the configured timeout, and
 * the record of the chain's state in DependencyStatus (head seen, or unreachable) on every read of the head.
 */
@Injectable()
export class ChainRpc implements OnModuleDestroy {
  readonly provider: JsonRpcProvider;
  /** Set on shutdown: a read still in flight then fails because the provider was destroyed, not the chain. */
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly status: DependencyStatus,
    private readonly db: DataSource,
  ) {
    this.provider = createChainProvider(config);
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.provider.destroy();
  }

  /** The chain's head block number now (recorded as seen), or the error of an unreachable chain (recorded too). */
  async head(): Promise<number> {
    try {
      const n = await this.provider.getBlockNumber();
      this.status.sawBlock(n);
      return n;
    } catch (err) {
      this.unreachable(err);
      throw err;
    }
  }

  /** Records a failed chain read (any of them, not only the head's). */
  unreachable(err: unknown): void {
    if (this.closed) return;
    this.status.failed('chain', (err as Error)?.message?.slice(0, 200) ?? String(err));
  }

  /**
   * The last head block this process saw, or else the indexer's checkpoint (the last block it applied, and
   * when): what "last block seen" can honestly say while the chain is unreachable. Null when neither exists.
   */
  async lastBlockSeen(): Promise<BlockSighting | null> {
    const own = this.status.lastBlockSeen;
    const location = locateEscrow(this.config);
    if (!location) return own;
    const rows: Array<{ block_number: string; updated_at: Date }> = await this.db
      .query(INDEXER_CHECKPOINT_SQL, [indexerSource(this.config.CHAIN_ID, location.escrow)])
      .catch(() => []);
    const indexed = rows[0] ? { number: Number(rows[0].block_number), seenAt: new Date(rows[0].updated_at) } : null;
    if (!own) return indexed;
    if (!indexed) return own;
    return indexed.number > own.number ? indexed : own;
  }
}

@Module({ providers: [ChainRpc], exports: [ChainRpc] })
export class ChainModule {}

/** "Chain unreachable, last block seen N at T": the words the escrow view and the screens show. */
export function chainUnreachableMessage(last: BlockSighting | null): string {
  return last ? `Chain unreachable, last block seen ${last.number} at ${last.seenAt.toISOString()}` : 'Chain unreachable, no block seen yet';
}
