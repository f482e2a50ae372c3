import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { Transaction, Wallet } from 'ethers';
import { RecordPayoutFailedCommand, RecordPayoutSentCommand } from '@cent/backend';
import { escrowInterface } from '../chain/escrow-logs';
import { crashPoint } from '../crash-point';
import { JsonRpc, Logger, RpcError, sleep, toHex } from '../chain/json-rpc';
import { WorkerLoop } from '../chain/worker-loop';
import { PayoutCandidate, PayoutOutbox, PayoutTx } from './payout-outbox';

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
}

/** Escrow errors no retry can fix: the payout is reported failed (permanent) for an admin. */
const PERMANENT_ERRORS = new Set([
  'EscrowNotFunded', 'ReleaseWindowClosed', 'AccessControlUnauthorizedAccount', 'ZeroRecipient', 'MaxCompletionsExceeded',
  'LengthMismatch', 'EmptyBatch',
]);

interface Receipt {
  status: string;
  blockNumber: string;
}

/**
 * Sends the releases of approved submissions from the releaser key, exactly once.
 *
 * Per task, the requests queued within `batchWindowMs` go out as one releaseBatch (release for one).
 * The protocol, crash-safe at every point:
 *   1. skip submissions the escrow already reports paid (`isPaid`): the indexer records those;
 *   2. simulate (eth_estimateGas): an escrow error that no retry fixes becomes RecordPayoutFailed(permanent);
 *   3. sign with an explicit nonce and store the signed bytes and hash in the outbox BEFORE broadcasting;
 *   4. broadcast, then RecordPayoutSent (the UI shows "pending" with the hash);
 *   5. resolve open rows: a receipt settles them (mined / reverted); no receipt while the sender's nonce
 *      is still unused means "not mined yet": the SAME bytes are broadcast again (after a crash, or when a
 *      node forgot them); no receipt while the nonce was consumed by another transaction means it can
 *      never be mined ("dropped") and only then are its submissions free for a new transaction.
 * A submission is in at most one transaction that can still be mined, so it is never paid twice, and
 * never relying on the contract's revert; the contract's per-submission guard remains the last defence.
 * A mined transaction that a reorganisation drops goes back to "signed" (same bytes, same nonce).
 */
export class PayoutWorker {
  private readonly wallet: Wallet;
  private readonly outbox: PayoutOutbox;
  private readonly loop: WorkerLoop;
  /** Per-task retry backoff after a transient failure (in memory: a restart simply retries at once). */
  private readonly backoff = new Map<number, { until: number; delay: number }>();

  constructor(
    private readonly rpc: JsonRpc,
    db: DataSource,
    private readonly commands: CommandBus,
    private readonly opts: PayoutWorkerOptions,
    private readonly logger: Logger,
  ) {
    // Without payouts (follower only) there is no key: a throwaway one keeps the type simple; it never sends.
    this.wallet = opts.privateKey ? new Wallet(opts.privateKey) : (Wallet.createRandom() as unknown as Wallet);
    this.outbox = new PayoutOutbox(db, opts.chainId, this.wallet.address);
    this.loop = new WorkerLoop('payout worker', logger, opts.pollMs, async () => {
      await this.tick();
      return false;
    });
  }

  get address(): string {
    return this.wallet.address;
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private get stopped(): boolean {
    return this.loop.isStopped;
  }

  async tick(): Promise<void> {
    await this.resolveOpen();
    await this.reopenDroppedByReorg();
    await this.sendReady();
  }

  // ---- 5. open transactions ----------------------------------------------------------------------

  private async resolveOpen(): Promise<void> {
    const open = await this.outbox.open();
    if (!open.length) return;
    // Read the nonce BEFORE the receipts: a nonce consumed at that time with no receipt afterwards can
    // only have been consumed by another transaction.
    const usedNonces = Number(await this.rpc.call<string>('eth_getTransactionCount', [this.wallet.address, 'latest']));
    for (const tx of open) {
      if (this.stopped) return;
      const receipt = await this.rpc.call<Receipt | null>('eth_getTransactionReceipt', [tx.txHash]);
      if (receipt) {
        await this.settle(tx, receipt);
      } else if (usedNonces > tx.nonce) {
        this.logger.warn(`payout tx ${tx.txHash} (nonce ${tx.nonce}) can no longer be mined: its nonce was used by another transaction`);
        await this.outbox.setStatus(tx.id, 'dropped', null, 'nonce used by another transaction');
      } else {
        await this.broadcast(tx);
        await this.commands.execute(new RecordPayoutSentCommand(tx.taskId, tx.submissionIds, tx.txHash));
      }
    }
  }

  private async settle(tx: PayoutTx, receipt: Receipt): Promise<void> {
    const block = Number(receipt.blockNumber);
    if (receipt.status === '0x1') {
      await this.outbox.setStatus(tx.id, 'mined', block);
      return;
    }
    await this.outbox.setStatus(tx.id, 'reverted', block, 'reverted on chain');
    const reason = (await this.simulate(await this.keyOf(tx.taskId), tx.submissionIds, tx.recipients)) ?? `transaction ${tx.txHash} reverted`;
    const counts = await this.outbox.revertCounts(tx.submissionIds);
    const permanent = PERMANENT_ERRORS.has(reason.split('(')[0]);
    const exhausted = tx.submissionIds.filter((id) => permanent || (counts.get(id) ?? 0) >= (this.opts.maxReverts ?? 3));
    this.logger.warn(`payout tx ${tx.txHash} reverted (${reason})`);
    if (exhausted.length) await this.fail(tx.taskId, exhausted, reason);
  }

  /** A mined payout whose receipt disappeared (reorganisation): the same bytes become open again. */
  private async reopenDroppedByReorg(): Promise<void> {
    for (const tx of await this.outbox.minedAwaitingRelease()) {
      const receipt = await this.rpc.call<Receipt | null>('eth_getTransactionReceipt', [tx.txHash]);
      if (!receipt) {
        this.logger.warn(`payout tx ${tx.txHash} is no longer on the chain (reorganisation): re-sending the same transaction`);
        await this.outbox.setStatus(tx.id, 'signed');
      }
    }
  }

  // ---- 1-4. new transactions ---------------------------------------------------------------------

  private async sendReady(): Promise<void> {
    const candidates = await this.outbox.candidates();
    if (!candidates.length) return;
    const byTask = new Map<number, PayoutCandidate[]>();
    for (const c of candidates) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), c]);
    const now = Date.now();
    const max = this.opts.maxBatch ?? 100;
    for (const [taskId, group] of byTask) {
      if (this.stopped) return;
      const wait = this.backoff.get(taskId);
      if (wait && wait.until > now) continue;
      const oldest = Math.min(...group.map((c) => c.queuedAt.getTime()));
      if (oldest + this.opts.batchWindowMs > now && group.length < max) continue; // let the batch fill
      const ids = group.slice(0, max).map((c) => c.submissionId);
      try {
        await this.send(taskId, ids);
        this.backoff.delete(taskId);
      } catch (err) {
        const delay = Math.min(30_000, (wait?.delay ?? 250) * 2);
        this.backoff.set(taskId, { until: Date.now() + delay, delay });
        this.logger.warn(`payout of task ${taskId} failed, retrying in ${delay} ms: ${(err as Error).message}`);
      }
    }
  }

  private async send(taskId: number, candidateIds: number[]): Promise<void> {
    const key = await this.keyOf(taskId);
    const recipientsById = await this.outbox.recipients(taskId, candidateIds);
    const paid = await Promise.all(candidateIds.map((id) => this.isPaid(key, id)));
    const ids = candidateIds.filter((id, i) => !paid[i] && recipientsById.has(id));
    if (ids.length < candidateIds.length) {
      const already = candidateIds.filter((_id, i) => paid[i]);
      if (already.length) this.logger.log(`submissions ${already.join(', ')} are already paid on chain; the indexer records them`);
    }
    if (!ids.length) return;
    const recipients = ids.map((id) => recipientsById.get(id)!);
    const failure = await this.simulate(key, ids, recipients);
    if (failure) {
      if (PERMANENT_ERRORS.has(failure.split('(')[0])) return this.fail(taskId, ids, failure);
      throw new Error(`simulation failed: ${failure}`);
    }
    const data = this.encode(key, ids, recipients);
    const gas = BigInt(await this.rpc.call<string>('eth_estimateGas', [{ from: this.wallet.address, to: this.opts.escrow, data }]));
    const pending = Number(await this.rpc.call<string>('eth_getTransactionCount', [this.wallet.address, 'pending']));
    const maxOpen = await this.outbox.maxOpenNonce();
    const nonce = Math.max(pending, maxOpen === null ? 0 : maxOpen + 1);
    const fees = await this.fees();
    const rawTx = await this.wallet.signTransaction({
      chainId: this.opts.chainId,
      to: this.opts.escrow,
      data,
      nonce,
      gasLimit: (gas * 12n) / 10n + 10_000n,
      value: 0n,
      ...fees,
    });
    const txHash = Transaction.from(rawTx).hash!.toLowerCase();
    const tx = await this.outbox.insert({ nonce, taskId, submissionIds: ids, recipients, txHash, rawTx });
    crashPoint('worker:after-sign');
    await this.broadcast(tx);
    crashPoint('worker:after-broadcast');
    await this.commands.execute(new RecordPayoutSentCommand(taskId, ids, txHash));
    crashPoint('worker:after-sent');
    this.logger.log(`payout of task ${taskId}, submissions ${ids.join(', ')}: sent ${txHash} (nonce ${nonce})`);
    await this.awaitReceipt(tx);
  }

  /** Waits briefly for the receipt so local chains settle in the same tick; open rows are resolved anyway. */
  private async awaitReceipt(tx: PayoutTx, ms = 3_000): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until && !this.stopped) {
      const receipt = await this.rpc.call<Receipt | null>('eth_getTransactionReceipt', [tx.txHash]);
      if (receipt) return this.settle(tx, receipt);
      await sleep(50);
    }
  }

  /** The escrow key the task's payouts are released from (TaskEscrow v2 names escrows by key). */
  private async keyOf(taskId: number): Promise<string> {
    const key = await this.outbox.escrowKey(taskId);
    if (!key) throw new Error(`task ${taskId} has no recorded escrow key`);
    return key;
  }

  private encode(key: string, ids: number[], recipients: string[]): string {
    return ids.length === 1
      ? escrowInterface.encodeFunctionData('release', [key, ids[0], recipients[0]])
      : escrowInterface.encodeFunctionData('releaseBatch', [key, ids, recipients]);
  }

  /** Runs the release as a call; returns the escrow's error (e.g. "ReleaseWindowClosed(0x…, …)") or null. */
  private async simulate(key: string, ids: number[], recipients: string[]): Promise<string | null> {
    try {
      await this.rpc.call('eth_call', [{ from: this.wallet.address, to: this.opts.escrow, data: this.encode(key, ids, recipients) }, 'latest'], isRevert);
      return null;
    } catch (err) {
      if (!isRevert(err)) throw err;
      const data = (err as RpcError).data;
      const parsed = typeof data === 'string' ? safeParseError(data) : null;
      return parsed ?? (err as RpcError).message;
    }
  }

  private async isPaid(key: string, submissionId: number): Promise<boolean> {
    const out = await this.rpc.call<string>('eth_call', [
      { to: this.opts.escrow, data: escrowInterface.encodeFunctionData('isPaid', [key, submissionId]) },
      'latest',
    ]);
    return BigInt(out) !== 0n;
  }

  private async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint; type: 0 }> {
    const latest = await this.rpc.call<{ baseFeePerGas?: string }>('eth_getBlockByNumber', ['latest', false]);
    if (latest.baseFeePerGas === undefined) {
      return { gasPrice: (BigInt(await this.rpc.call<string>('eth_gasPrice')) * 12n) / 10n, type: 0 };
    }
    let tip = 1_000_000_000n;
    try {
      tip = BigInt(await this.rpc.request<string>('eth_maxPriorityFeePerGas'));
    } catch {
      /* not every node has it: 1 gwei */
    }
    return { maxFeePerGas: BigInt(latest.baseFeePerGas) * 2n + tip, maxPriorityFeePerGas: tip };
  }

  private async broadcast(tx: PayoutTx): Promise<void> {
    try {
      await this.rpc.request('eth_sendRawTransaction', [tx.rawTx]);
    } catch (err) {
      const msg = (err as Error).message.toLowerCase();
      // Already in the pool or already mined: the receipt / nonce check settles it.
      if (/already known|known transaction|nonce too low|already imported|replacement/.test(msg)) return;
      this.logger.warn(`broadcast of ${tx.txHash} failed (will retry the same bytes): ${(err as Error).message}`);
    }
  }

  private async fail(taskId: number, ids: number[], reason: string): Promise<void> {
    this.logger.error(`payout of task ${taskId}, submissions ${ids.join(', ')} failed permanently: ${reason}`);
    await this.commands.execute(new RecordPayoutFailedCommand(taskId, ids, `Escrow refused the payout: ${reason}`, true));
  }
}

function isRevert(err: unknown): boolean {
  return err instanceof RpcError && (err.code === 3 || /revert/i.test(err.message));
}

function safeParseError(data: string): string | null {
  try {
    const e = escrowInterface.parseError(data);
    return e ? `${e.name}(${e.args.map((a) => String(a)).join(', ')})` : null;
  } catch {
    return null;
  }
}

export { toHex };
