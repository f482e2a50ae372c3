import { CommandBus } from '@nestjs/cqrs';
import { PayoutFailureCause, PayoutQueue, RecordPayoutFailedCommand } from '@cent/backend';
import { JsonRpc, Logger, toHex } from '../chain/json-rpc';
import { LeaderFence } from '../leadership/leader-fence';
import { FeeMarket, FeePolicy } from './fee-policy';
import { NonceGroup, PayoutOutbox, PayoutTx } from './payout-outbox';
import { PayoutSender } from './payout-sender';
import { paidFlags, simulateRelease } from './release-call';

interface Receipt {
  status: string;
  blockNumber: string;
}

export interface TrackerOptions {
  escrow: string;
  sender: string;
  /** Observations in a row of "nonce used, no receipt, not paid" before a nonce counts as dropped. */
  dropConfirmations: number;
  /** Blocks an attempt may stay out of the chain (fees above the base fee) before it is replaced. */
  stuckBlocks: number;
  /** Reverted transactions per submission before its payout is reported as a permanent failure. */
  maxReverts: number;
}

/**
 * Follows every open nonce to its end, once per tick, against one view of the chain (the head of the
 * fee market read; the nonce and paid flags are read AT that block, so they agree with each other):
 * - an attempt with a receipt settles the nonce (mined, or reverted: classified, retried a bounded number
 *   of times); the other attempts are superseded;
 * - no receipt and the nonce unused: still pending. Replaced (same nonce, fees bumped) when it sits below
 *   the base fee or was left out of `stuckBlocks` blocks; otherwise re-sent (same bytes) if the node does
 *   not know it;
 * - no receipt but the nonce used: absence must be confirmed before the submissions are freed: the escrow
 *   must show them unpaid at that block, `dropConfirmations` times in a row. A lagging RPC that answers
 *   null receipts for a mined payout therefore never makes it look dropped (the paid flags say otherwise).
 */
export class ReceiptTracker {
  /** Attempts already reported as capped (one log line each, not one per tick). */
  private readonly cappedLogged = new Set<number>();

  constructor(
    private readonly rpc: JsonRpc,
    private readonly outbox: PayoutOutbox,
    private readonly queue: PayoutQueue,
    private readonly sender: PayoutSender,
    private readonly fees: FeePolicy,
    private readonly commands: CommandBus,
    private readonly opts: TrackerOptions,
    private readonly logger: Logger,
  ) {}

  /** Resolves what it can; returns how many nonces are still open (in flight). */
  async resolve(fence: LeaderFence, marketOnce: () => Promise<FeeMarket>, afterStart: boolean): Promise<number> {
    const groups = await this.outbox.openGroups();
    if (!groups.length) return 0;
    const market = await marketOnce();
    const atHead = toHex(market.head);
    // Independent reads together (one round of RPC latency, not one per nonce): the nonce used at the head
    // and every open attempt's receipt.
    const [usedHex, receipts] = await Promise.all([
      this.rpc.call<string>('eth_getTransactionCount', [this.opts.sender, atHead]),
      Promise.all(groups.map((g) => this.receiptOf(g))),
    ]);
    const used = Number(usedHex);
    let open = 0;
    for (const [i, g] of groups.entries()) {
      const found = receipts[i];
      if (found) {
        await this.settle(g, found.tx, found.receipt);
        continue;
      }
      open++;
      if (g.nonce < used) {
        await this.confirmAbsence(g, atHead);
        continue;
      }
      if (g.attempts.some((a) => a.absentObservations > 0)) await this.outbox.observeAbsence(g.nonce, false);
      await this.keepPending(fence, g, market, afterStart);
    }
    return open;
  }

  /** A mined payout whose receipt disappeared (reorganisation): every attempt of its nonce is open again. */
  async reopenDroppedByReorg(marketOnce: () => Promise<FeeMarket>): Promise<void> {
    for (const tx of await this.minedAwaitingRelease()) {
      const receipt = await this.rpc.call<Receipt | null>('eth_getTransactionReceipt', [tx.txHash]);
      if (!receipt) {
        this.logger.warn(`payout tx ${tx.txHash} is no longer on the chain (reorganisation): its nonce ${tx.nonce} is open again`, {
          decision: 'payout_reorged', taskId: tx.taskId, submissionIds: tx.submissionIds, txHash: tx.txHash, nonce: tx.nonce,
        });
        await this.outbox.reopenNonce(tx.nonce, (await marketOnce()).head);
      }
    }
  }

  /**
   * Mined transactions whose submissions the payout queue still holds (the indexer has not recorded their
   * release yet, or a reorganisation took it back), lowest nonce first: the queue page by page, each page's
   * mined transactions from the outbox.
   */
  private async minedAwaitingRelease(): Promise<PayoutTx[]> {
    const mined = new Map<number, PayoutTx>();
    for await (const page of this.queue.pages()) {
      for (const tx of await this.outbox.minedWith(page.map((i) => i.submissionId))) mined.set(tx.id, tx);
    }
    return [...mined.values()].sort((a, b) => a.nonce - b.nonce || a.id - b.id);
  }

  /** The attempt of this nonce that is in a block, if any (at most one can be: they share the nonce). */
  private async receiptOf(g: NonceGroup): Promise<{ tx: PayoutTx; receipt: Receipt } | null> {
    const receipts = await Promise.all(g.attempts.map((tx) => this.rpc.call<Receipt | null>('eth_getTransactionReceipt', [tx.txHash])));
    for (let i = g.attempts.length - 1; i >= 0; i--) if (receipts[i]) return { tx: g.attempts[i], receipt: receipts[i]! };
    return null;
  }

  private async keepPending(fence: LeaderFence, g: NonceGroup, market: FeeMarket, afterStart: boolean): Promise<void> {
    const latest = g.attempts[g.attempts.length - 1];
    const leftOut = latest.signedAtBlock !== null && market.head - latest.signedAtBlock >= this.opts.stuckBlocks;
    if (latest.fees && (this.fees.belowBaseFee(latest.fees, market) || leftOut)) {
      const fees = this.fees.replacement(latest.fees, market);
      if (fees) {
        await this.sender.replace(fence, g, fees, market.head);
        return;
      }
      if (!this.cappedLogged.has(latest.id)) {
        this.cappedLogged.add(latest.id);
        this.logger.warn(`payout nonce ${g.nonce} is stuck but the fee cap allows no higher replacement; waiting for the base fee to fall`, {
          decision: 'payout_stuck_at_fee_cap', taskId: g.taskId, submissionIds: g.submissionIds, nonce: g.nonce,
        });
      }
    }
    // After a restart the read model may not show the last attempt as sent; otherwise only if the node lost it.
    if (afterStart || (await this.rpc.call<unknown>('eth_getTransactionByHash', [latest.txHash])) === null) {
      await this.sender.rebroadcast(fence, latest);
    }
  }

  private async confirmAbsence(g: NonceGroup, atHead: string): Promise<void> {
    const paid = await paidFlags(this.rpc, this.opts.escrow, g, atHead);
    if (paid.every(Boolean)) {
      // Paid at the very block where the nonce is used: mined; its receipt has not reached this node yet.
      await this.outbox.observeAbsence(g.nonce, false);
      return;
    }
    const seen = await this.outbox.observeAbsence(g.nonce, true);
    if (seen < this.opts.dropConfirmations) return;
    this.logger.warn(`payout nonce ${g.nonce} (task ${g.taskId}) can no longer be mined: nonce used by another transaction, submissions unpaid (${seen} observations)`, {
      decision: 'payout_dropped', taskId: g.taskId, submissionIds: g.submissionIds, nonce: g.nonce,
    });
    await this.outbox.dropNonce(g.nonce, 'nonce used by another transaction');
  }

  private async settle(g: NonceGroup, tx: PayoutTx, receipt: Receipt): Promise<void> {
    const block = Number(receipt.blockNumber);
    if (receipt.status === '0x1') {
      await this.outbox.settle(tx, 'mined', block);
      return;
    }
    await this.outbox.settle(tx, 'reverted', block, 'reverted on chain');
    const why = await simulateRelease(this.rpc, this.opts.sender, this.opts.escrow, g);
    const reason = why?.reason ?? `transaction ${tx.txHash} reverted`;
    this.logger.warn(`payout tx ${tx.txHash} reverted (${reason})`, { decision: 'payout_reverted', taskId: g.taskId, submissionIds: g.submissionIds, txHash: tx.txHash, reason });
    if (why?.kind === 'paid') return; // the indexer records the payout that won
    const counts = await this.outbox.revertCounts(g.submissionIds);
    const exhausted = g.submissionIds.filter((id) => why?.kind === 'permanent' || (counts.get(id) ?? 0) >= this.opts.maxReverts);
    if (exhausted.length) await reportFailed(this.commands, this.logger, g.taskId, exhausted, reason, why?.cause ?? 'escrow_refused');
  }
}

/** A permanent failure, recorded with its cause: the task aggregate words it for the earner, creator and admins. */
export async function reportFailed(
  commands: CommandBus, logger: Logger, taskId: number, ids: number[], reason: string, cause: PayoutFailureCause,
): Promise<void> {
  if (!ids.length) return;
  logger.error(`payout of task ${taskId}, submissions ${ids.join(', ')} failed permanently (${cause}): ${reason}`, { decision: 'payout_failed', taskId, submissionIds: ids, cause, reason });
  await commands.execute(new RecordPayoutFailedCommand(taskId, ids, reason, true, cause));
}
