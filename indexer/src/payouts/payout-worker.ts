import { CommandBus } from '@nestjs/cqrs';
import { PayoutQueue } from '@cent/backend';
import type { PayoutFailureCause, PayoutQueueItem } from '@cent/backend';
import { DataSource } from 'typeorm';
import { Wallet } from 'ethers';
import { JsonRpc, Logger } from '../chain/json-rpc';
import { WorkerLoop } from '../chain/worker-loop';
import { LeaderFence, LeaderToken, LostLeadershipError } from '../leadership/leader-fence';
import { FeeMarket, FeePolicy } from './fee-policy';
import { PayoutOutbox } from './payout-outbox';
import { PayoutSender } from './payout-sender';
import { ReceiptTracker, reportFailed } from './receipt-tracker';
import { ReleaseRequest, encodeRelease, escrowCapacity, paidFlags, simulateRelease } from './release-call';
import { isRevert } from './revert-classifier';

export interface PayoutWorkerOptions {
  chainId: number;
  escrow: string;
  privateKey: string;
  batchWindowMs: number;
  pollMs: number;
  /** Most payouts in one releaseBatch (gas: about 30k each). */
  maxBatch?: number;
  /** Reverted transactions per submission before its payout is reported as a permanent failure. */
  maxReverts?: number;
  /** Open nonces at once (the pipeline's bound). */
  maxInFlight: number;
  /** Fee cap (wei) and replacement bump (percent, >= 10). */
  maxFeePerGas: bigint;
  feeBumpPercent: number;
  stuckBlocks: number;
  dropConfirmations: number;
  /** Most submissions released per rolling hour (PAYOUT_MAX_RELEASES_PER_HOUR); undefined: no cap. */
  maxReleasesPerHour?: number;
}

/** Most queue items one tick considers. */
const CANDIDATES = 1000;

/**
 * Sends the releases of approved submissions from the releaser key, exactly once, without waiting for
 * receipts: every tick first follows the open nonces (ReceiptTracker: receipts, fee-bumped replacements,
 * confirmed drops), then signs new payouts with the next explicit nonces while fewer than `maxInFlight`
 * are open, so many tasks' payouts are in flight at once and none waits for another's receipt.
 *
 * Per task, the requests queued within `batchWindowMs` go out as one releaseBatch (release for one). Before
 * signing: submissions the escrow reports paid are skipped (the indexer records those), and the release is
 * simulated; an escrow error no retry fixes becomes RecordPayoutFailed(permanent). Signing, storing and
 * broadcasting follow the outbox protocol (PayoutSender), fenced by the leadership token.
 */
export class PayoutWorker {
  private readonly wallet: Wallet;
  private readonly outbox: PayoutOutbox;
  /** What is waiting to be paid (the backend's payout queue); the outbox says what of it is in flight. */
  private readonly queue: PayoutQueue;
  private readonly sender: PayoutSender;
  private readonly tracker: ReceiptTracker;
  private readonly fees: FeePolicy;
  private readonly loop: WorkerLoop;
  private fence: LeaderFence | null = null;
  /** Set by stop(): a tick in progress sends nothing more. */
  private halted = false;
  /** The first tick after a start re-sends every open transaction (a crash may have cut the last send). */
  private afterStart = true;
  /** Per-task retry backoff after a transient failure (in memory: a restart simply retries at once). */
  private readonly backoff = new Map<number, { until: number; delay: number }>();

  constructor(
    private readonly rpc: JsonRpc,
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly opts: PayoutWorkerOptions,
    private readonly logger: Logger,
  ) {
    // Without payouts (follower only) there is no key: a throwaway one keeps the type simple; it never sends.
    this.wallet = opts.privateKey ? new Wallet(opts.privateKey) : (Wallet.createRandom() as unknown as Wallet);
    this.outbox = new PayoutOutbox(db, opts.chainId, this.wallet.address);
    this.queue = new PayoutQueue(db);
    this.fees = new FeePolicy({ maxFeePerGas: opts.maxFeePerGas, bumpPercent: opts.feeBumpPercent });
    this.sender = new PayoutSender(rpc, this.outbox, commands, this.wallet, { chainId: opts.chainId, escrow: opts.escrow }, logger);
    this.tracker = new ReceiptTracker(rpc, this.outbox, this.queue, this.sender, this.fees, commands, {
      escrow: opts.escrow,
      sender: this.wallet.address,
      dropConfirmations: opts.dropConfirmations,
      stuckBlocks: opts.stuckBlocks,
      maxReverts: opts.maxReverts ?? 3,
    }, logger);
    this.loop = new WorkerLoop('payout worker', logger, opts.pollMs, async () => {
      await this.tick();
      return false;
    });
  }

  get address(): string {
    return this.wallet.address;
  }

  /** The fence of the leadership this worker runs under (null before it led). */
  get fencing(): LeaderFence | null {
    return this.fence;
  }

  /** Runs while this leadership lasts: every store and broadcast is fenced by its token. */
  start(token: LeaderToken): void {
    this.lead(token);
    this.halted = false;
    this.loop.start();
  }

  /** Takes a leadership token without starting the loop (tests drive `tick` themselves). */
  lead(token: LeaderToken): void {
    this.fence = new LeaderFence(this.db, token);
    this.afterStart = true;
  }

  stop(): Promise<void> {
    this.halted = true;
    return this.loop.stop();
  }

  async tick(): Promise<void> {
    const fence = this.fence;
    if (!fence) throw new Error('payout worker started without leadership');
    // One view of the fee market and head per tick, read only when there is something to do (an idle
    // worker costs the RPC nothing but nothing changes either).
    let market: Promise<FeeMarket> | null = null;
    const marketOnce = () => (market ??= FeePolicy.market(this.rpc));
    await this.tracker.reopenDroppedByReorg(marketOnce);
    const open = await this.tracker.resolve(fence, marketOnce, this.afterStart);
    this.afterStart = false;
    await this.sendReady(fence, marketOnce, open);
  }

  private async sendReady(fence: LeaderFence, marketOnce: () => Promise<FeeMarket>, open: number): Promise<void> {
    if (open >= this.opts.maxInFlight) return;
    // Due items with no open or mined transaction, oldest first (at most CANDIDATES per tick).
    const candidates = await this.queue.due(CANDIDATES, (ids) => this.outbox.inFlight(ids));
    if (!candidates.length) return;
    const byTask = new Map<number, PayoutQueueItem[]>();
    for (const c of candidates) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), c]);
    const now = Date.now();
    const max = this.opts.maxBatch ?? 100;
    // The per-hour release cap bounds what a stolen or misused releaser key can make THIS worker send; the
    // contract's own bound is every funded escrow's remaining balance (contracts/README.md).
    let budget = this.opts.maxReleasesPerHour === undefined ? Infinity : this.opts.maxReleasesPerHour - (await this.outbox.releasesInLastHour());
    for (const [taskId, group] of byTask) {
      if (this.halted || open >= this.opts.maxInFlight) return;
      if (budget <= 0) {
        this.capReached(candidates.length);
        return;
      }
      const wait = this.backoff.get(taskId);
      if (wait && wait.until > now) continue;
      const oldest = Math.min(...group.map((c) => c.queuedAt.getTime()));
      if (oldest + this.opts.batchWindowMs > now && group.length < max) continue; // let the batch fill
      try {
        const sent = await this.send(fence, marketOnce, taskId, group.slice(0, Math.min(max, budget)));
        if (sent) open++;
        budget -= sent;
        this.backoff.delete(taskId);
      } catch (err) {
        if (err instanceof LostLeadershipError) throw err;
        const delay = Math.min(30_000, (wait?.delay ?? 250) * 2);
        this.backoff.set(taskId, { until: Date.now() + delay, delay });
        this.logger.warn(`payout of task ${taskId} failed, retrying in ${delay} ms: ${(err as Error).message}`, { decision: 'payout_retry', taskId, delayMs: delay });
      }
    }
  }

  private capLoggedAt = 0;

  private capReached(waiting: number): void {
    if (Date.now() - this.capLoggedAt < 60_000) return;
    this.capLoggedAt = Date.now();
    this.logger.error(
      `payout release cap reached: ${this.opts.maxReleasesPerHour} releases in the last hour (PAYOUT_MAX_RELEASES_PER_HOUR); ` +
        `${waiting} approved payout(s) wait until the hour's count falls`,
    );
  }

  /**
   * Prepares and sends one task's payout; returns how many submissions it sent (0: nothing to send now).
   * The reads it needs are independent and go out together (one round trip of latency, not one per call):
   * paid flags, what the escrow has left, the releaser's pending nonce and the fee market. Never more than
   * the escrow has left is batched; a batch the escrow refuses for good is tried item by item, so one
   * payout that cannot be made does not fail the others.
   */
  private async send(fence: LeaderFence, marketOnce: () => Promise<FeeMarket>, taskId: number, queued: PayoutQueueItem[]): Promise<number> {
    const items = await this.withRecipient(taskId, queued);
    if (!items.length) return 0;
    const key = items[0].escrowKey;
    if (!key) throw new Error(`task ${taskId} has no recorded escrow key`);
    const recipientsById = new Map(items.map((i) => [i.submissionId, i.recipient!]));
    const inFlight = await this.outbox.openSubmissionCount(taskId);
    const withRecipient = items.map((i) => i.submissionId);
    const [paid, capacity, pending, market] = await Promise.all([
      paidFlags(this.rpc, this.opts.escrow, { taskId, key, submissionIds: withRecipient, recipients: [] }),
      escrowCapacity(this.rpc, this.opts.escrow, key),
      this.rpc.call<string>('eth_getTransactionCount', [this.wallet.address, 'pending']),
      marketOnce(),
    ]);
    const already = withRecipient.filter((_id, i) => paid[i]);
    if (already.length) this.logger.log(`submissions ${already.join(', ')} are already paid on chain; the indexer records them`, { decision: 'payout_already_paid', taskId, submissionIds: already });
    let ids = withRecipient.filter((_id, i) => !paid[i]);
    if (!ids.length) return 0;
    if (capacity.funded && !capacity.refunded) {
      const left = capacity.payoutsLeft - inFlight;
      if (left <= 0) {
        if (inFlight > 0) return 0; // the open transactions may still use the last payouts: wait for them
        await reportFailed(this.commands, this.logger, taskId, ids, `${capacity.paidCount} of ${capacity.maxCompletions} payouts released`, 'escrow_full');
        return 0;
      }
      ids = ids.slice(0, left); // the rest wait for the next tick (and fail then if nothing is left)
    }
    const build = (sub: number[]): ReleaseRequest => ({ taskId, key, submissionIds: sub, recipients: sub.map((id) => recipientsById.get(id)!) });
    const ready = await this.payable(taskId, ids, build);
    if (!ready) return 0;
    const maxOpen = await this.outbox.maxOpenNonce();
    const nonce = Math.max(Number(pending), maxOpen === null ? 0 : maxOpen + 1);
    await this.sender.sendNew(fence, ready.req, (ready.gas * 12n) / 10n + 10_000n, nonce, this.fees.initial(market), market.head);
    return ready.req.submissionIds.length;
  }

  /**
   * The items that name the wallet to pay. One without (its payout request recorded no recipient: a stream from
   * before every request carried one, e.g. a release the app once accepted unrequested that a reorganisation then
   * dropped) can never be sent: it is recorded as failed for want of a wallet (cause no_wallet), so it leaves the
   * queue in a state the earner, the creator and the admins see with what to do, and is requested again, to the
   * earner's wallet, when they link one or anyone allowed retries it (release-reward). Skipping it would leave it
   * "requested" at every poll with nobody told.
   */
  private async withRecipient(taskId: number, items: PayoutQueueItem[]): Promise<PayoutQueueItem[]> {
    const without = items.filter((i) => i.recipient === null).map((i) => i.submissionId);
    await reportFailed(this.commands, this.logger, taskId, without, 'the payout request records no wallet to pay', 'no_wallet');
    return items.filter((i) => i.recipient !== null);
  }

  /**
   * Simulates the release (and estimates its gas at the same time). A permanent refusal of one payout is
   * recorded with its cause; of a batch, each item is simulated alone: the ones the escrow refuses are
   * recorded, the others go out. Null when nothing is left to send.
   */
  private async payable(taskId: number, ids: number[], build: (ids: number[]) => ReleaseRequest): Promise<{ req: ReleaseRequest; gas: bigint } | null> {
    const req = build(ids);
    const [failure, gas] = await Promise.all([simulateRelease(this.rpc, this.wallet.address, this.opts.escrow, req), this.estimateGas(req)]);
    if (!failure && gas !== null) return { req, gas };
    if (!failure || failure.kind !== 'permanent') throw new Error(`simulation failed: ${failure?.reason ?? 'gas estimate reverted'}`);
    if (ids.length === 1) {
      await reportFailed(this.commands, this.logger, taskId, ids, failure.reason, failure.cause ?? 'escrow_refused');
      return null;
    }
    this.logger.warn(`batch payout of task ${taskId} refused (${failure.reason}): trying its ${ids.length} payouts one by one`, {
      decision: 'payout_batch_split', taskId, submissionIds: ids, reason: failure.reason,
    });
    const alone = await Promise.all(ids.map((id) => simulateRelease(this.rpc, this.wallet.address, this.opts.escrow, build([id]))));
    const refused = new Map<string, { ids: number[]; reason: string; cause: PayoutFailureCause }>();
    ids.forEach((id, i) => {
      const f = alone[i];
      if (f?.kind !== 'permanent') return;
      const cause = f.cause ?? 'escrow_refused';
      const entry = refused.get(`${cause}:${f.reason}`) ?? { ids: [], reason: f.reason, cause };
      entry.ids.push(id);
      refused.set(`${cause}:${f.reason}`, entry);
    });
    for (const r of refused.values()) await reportFailed(this.commands, this.logger, taskId, r.ids, r.reason, r.cause);
    const fine = ids.filter((_id, i) => !alone[i]);
    if (!fine.length) return null;
    // Each passes alone but not all together: send the first alone, the others follow on the next ticks.
    return this.payable(taskId, fine.length === ids.length ? fine.slice(0, 1) : fine, build);
  }

  /** The release's gas, or null when the estimate reverts (the simulation beside it says why). */
  private async estimateGas(req: ReleaseRequest): Promise<bigint | null> {
    try {
      const call = { from: this.wallet.address, to: this.opts.escrow, data: encodeRelease(req) };
      return BigInt(await this.rpc.call<string>('eth_estimateGas', [call], isRevert));
    } catch (err) {
      if (isRevert(err)) return null;
      throw err;
    }
  }
}
