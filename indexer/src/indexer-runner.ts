import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ChainReader } from './chain/chain-reader';
import { JsonRpc, Logger } from './chain/json-rpc';
import { CheckpointStore } from './follower/checkpoint-store';
import { FactDispatcher, ReadModels } from './follower/fact-dispatcher';
import { LogFollower } from './follower/log-follower';
import { AdvisoryLeadership } from './leadership/advisory-lock';
import { LeaderToken } from './leadership/leader-fence';
import { PayoutWorker } from './payouts/payout-worker';
import { IndexerSettings } from './settings';

/**
 * The indexer process: waits for leadership (advisory lock), then runs the log follower and the payout
 * worker; if leadership is lost it stops both at once and waits again. Standby instances wait in
 * `acquire`, so several can run for failover.
 */
export class IndexerRunner {
  readonly rpc: JsonRpc;
  readonly follower: LogFollower;
  readonly worker: PayoutWorker;
  private readonly leadership: AdvisoryLeadership;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private leading = false;

  constructor(
    readonly settings: IndexerSettings,
    db: DataSource,
    commands: CommandBus,
    databaseUrl: string,
    private readonly logger: Logger,
    readModels: ReadModels,
  ) {
    this.rpc = new JsonRpc(settings.rpcUrl, logger);
    const store = new CheckpointStore(db, settings.source, settings.startBlock);
    this.follower = new LogFollower(new ChainReader(this.rpc), store, new FactDispatcher(commands, logger), readModels, settings, logger);
    this.worker = new PayoutWorker(this.rpc, db, commands, {
      chainId: settings.chainId,
      escrow: settings.escrow,
      privateKey: settings.releaserKey,
      batchWindowMs: settings.payoutWindowMs,
      pollMs: settings.payoutPollMs,
      maxInFlight: settings.payoutMaxInFlight,
      maxFeePerGas: settings.payoutMaxFeePerGas,
      feeBumpPercent: settings.payoutFeeBumpPercent,
      stuckBlocks: settings.payoutStuckBlocks,
      dropConfirmations: settings.payoutDropConfirmations,
      maxReleasesPerHour: settings.payoutMaxReleasesPerHour,
    }, logger);
    this.leadership = new AdvisoryLeadership(databaseUrl, `cent-indexer:${settings.source}`, logger);
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.loop ??= this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let lost: Promise<void>;
      let token: LeaderToken;
      try {
        ({ lost, token } = await this.leadership.acquire());
      } catch {
        return; // stopped while waiting
      }
      if (this.stopped) return; // stop() came as leadership was granted: never start leading after it
      this.leading = true;
      this.follower.start();
      if (this.settings.payouts) this.worker.start(token);
      await lost;
      this.leading = false;
      await Promise.all([this.follower.stop(), this.worker.stop()]);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.rpc.closed = true;
    await this.leadership.release();
    await this.loop;
    await Promise.all([this.follower.stop(), this.worker.stop()]);
  }
}
