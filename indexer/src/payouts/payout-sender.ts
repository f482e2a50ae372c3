import { CommandBus } from '@nestjs/cqrs';
import { Transaction, Wallet } from 'ethers';
import { RecordPayoutSentCommand } from '@cent/backend';
import { JsonRpc, Logger } from '../chain/json-rpc';
import { crashPoint } from '../crash-point';
import { LeaderFence } from '../leadership/leader-fence';
import { Fees } from './fee-policy';
import { NonceGroup, PayoutOutbox, PayoutTx } from './payout-outbox';
import { ReleaseRequest, encodeRelease } from './release-call';

export interface SenderOptions {
  chainId: number;
  escrow: string;
}

/**
 * The outbox protocol, crash-safe at every point: a transaction is signed with an explicit nonce and
 * stored (bytes and hash) BEFORE it is broadcast; after a crash the same bytes are sent again, never a
 * second payment. Storing and broadcasting each run inside the leader's fence (LeaderFence), so a worker
 * that lost leadership neither adds to the outbox nor broadcasts.
 */
export class PayoutSender {
  constructor(
    private readonly rpc: JsonRpc,
    private readonly outbox: PayoutOutbox,
    private readonly commands: CommandBus,
    private readonly wallet: Wallet,
    private readonly opts: SenderOptions,
    private readonly logger: Logger,
  ) {}

  /** A new payout transaction at `nonce`. */
  async sendNew(fence: LeaderFence, req: ReleaseRequest, gasLimit: bigint, nonce: number, fees: Fees, head: number): Promise<PayoutTx> {
    const rawTx = await this.sign(encodeRelease(req), gasLimit, nonce, fees);
    const tx = await fence.run((m) => this.outbox.insert(m, { ...req, nonce, txHash: hashOf(rawTx), rawTx, fees, signedAtBlock: head }));
    crashPoint('worker:after-sign');
    await this.broadcast(fence, tx);
    crashPoint('worker:after-broadcast');
    await this.commands.execute(new RecordPayoutSentCommand(req.taskId, req.submissionIds, tx.txHash));
    crashPoint('worker:after-sent');
    this.logger.log(`payout of task ${req.taskId}, submissions ${req.submissionIds.join(', ')}: sent ${tx.txHash} (nonce ${nonce})`, {
      decision: 'payout_sent', taskId: req.taskId, submissionIds: req.submissionIds, txHash: tx.txHash, nonce,
    });
    return tx;
  }

  /** Another attempt of an open nonce: the very same call and gas limit, higher fees. */
  async replace(fence: LeaderFence, group: NonceGroup, fees: Fees, head: number): Promise<PayoutTx> {
    const last = Transaction.from(group.attempts[group.attempts.length - 1].rawTx);
    const rawTx = await this.sign(last.data, last.gasLimit, group.nonce, fees);
    const tx = await fence.run((m) => this.outbox.insert(m, { ...group, nonce: group.nonce, txHash: hashOf(rawTx), rawTx, fees, signedAtBlock: head }));
    await this.broadcast(fence, tx);
    await this.commands.execute(new RecordPayoutSentCommand(group.taskId, group.submissionIds, tx.txHash));
    this.logger.warn(`payout nonce ${group.nonce} (task ${group.taskId}) replaced by ${tx.txHash}: ${describe(fees)}`, {
      decision: 'payout_replaced', taskId: group.taskId, submissionIds: group.submissionIds, txHash: tx.txHash, nonce: group.nonce,
    });
    return tx;
  }

  /** The same bytes again (a restart, or a node that forgot them); harmless if already known or mined. */
  async rebroadcast(fence: LeaderFence, tx: PayoutTx): Promise<void> {
    await this.broadcast(fence, tx);
    await this.commands.execute(new RecordPayoutSentCommand(tx.taskId, tx.submissionIds, tx.txHash));
  }

  private sign(data: string, gasLimit: bigint, nonce: number, fees: Fees): Promise<string> {
    return this.wallet.signTransaction({ chainId: this.opts.chainId, to: this.opts.escrow, data, nonce, gasLimit, value: 0n, ...fees });
  }

  /**
   * Broadcast only while leading: the fence is checked and its transaction COMMITTED first, then the node is
   * called with no transaction open (a slow node must not hold back the projections every command waits
   * for). Exactly once still holds: the bytes are stored before, their nonce admits one of them, and the
   * escrow pays each submission at most once.
   */
  private async broadcast(fence: LeaderFence, tx: PayoutTx): Promise<void> {
    await fence.check();
    try {
      await this.rpc.request('eth_sendRawTransaction', [tx.rawTx]);
    } catch (err) {
      const msg = (err as Error).message.toLowerCase();
      // Already in the pool, already mined, or outbid by our own replacement: the tracker settles it.
      if (/already known|known transaction|nonce too low|already imported|replacement|underpriced/.test(msg)) return;
      this.logger.warn(`broadcast of ${tx.txHash} failed (will retry the same bytes): ${(err as Error).message}`, { txHash: tx.txHash, nonce: tx.nonce });
    }
  }
}

const hashOf = (rawTx: string) => Transaction.from(rawTx).hash!.toLowerCase();

export function describe(fees: Fees): string {
  return fees.type === 0 ? `gasPrice ${fees.gasPrice}` : `maxFeePerGas ${fees.maxFeePerGas}, maxPriorityFeePerGas ${fees.maxPriorityFeePerGas}`;
}
