import { JsonRpc, RpcError } from '../chain/json-rpc';

export type Fees =
  | { type: 2; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: 0; gasPrice: bigint };

/** The fee market as of the head: the next block's base fee (null on chains without EIP-1559). */
export interface FeeMarket {
  head: number;
  nextBaseFee: bigint | null;
  tip: bigint;
  gasPrice: bigint | null;
}

export interface FeePolicyOptions {
  /** No payout is ever signed with a maxFeePerGas (or gasPrice) above this, in wei. */
  maxFeePerGas: bigint;
  /** Each replacement raises both fees by at least this many percent (nodes refuse less than 10). */
  bumpPercent: number;
}

/** Nodes (geth's txpool price bump, anvil) refuse a same-nonce replacement that raises a fee by less. */
const MIN_REPLACEMENT_BUMP_PERCENT = 10n;
const DEFAULT_TIP = 1_000_000_000n; // 1 gwei, when the node has no eth_maxPriorityFeePerGas

const up = (v: bigint, percent: bigint) => (v * (100n + percent) + 99n) / 100n;
const max = (...v: bigint[]) => v.reduce((a, b) => (b > a ? b : a));
const min = (...v: bigint[]) => v.reduce((a, b) => (b < a ? b : a));

/**
 * What payouts pay for gas. A new payout offers twice the next base fee plus the tip (one doubling of
 * headroom, EIP-1559's usual choice). A payout stuck below the base fee, or left out of several blocks,
 * is replaced: same nonce, both fees raised by the replacement rule (>= +10 %, `bumpPercent`) and at
 * least to what a new payout would offer now, never above the cap. When the cap leaves no valid
 * replacement, the payout waits for the base fee to fall (the node keeps the last attempt).
 */
export class FeePolicy {
  constructor(private readonly opts: FeePolicyOptions) {}

  static async market(rpc: JsonRpc): Promise<FeeMarket> {
    // eth_feeHistory's last base fee is the NEXT block's: what a transaction must offer to be included.
    const history = await rpc.call<{ oldestBlock: string; baseFeePerGas?: string[] }>('eth_feeHistory', ['0x1', 'latest', []]);
    const head = Number(history.oldestBlock);
    const next = history.baseFeePerGas?.[1] ?? history.baseFeePerGas?.[0];
    if (next === undefined || next === null) {
      return { head, nextBaseFee: null, tip: 0n, gasPrice: BigInt(await rpc.call<string>('eth_gasPrice')) };
    }
    let tip = DEFAULT_TIP;
    try {
      // Transport faults are retried; a JSON-RPC error means a node without the method: the default tip.
      tip = BigInt(await rpc.call<string>('eth_maxPriorityFeePerGas', [], (err) => err instanceof RpcError));
    } catch (err) {
      if (!(err instanceof RpcError)) throw err;
    }
    return { head, nextBaseFee: BigInt(next), tip, gasPrice: null };
  }

  initial(m: FeeMarket): Fees {
    const cap = this.opts.maxFeePerGas;
    if (m.nextBaseFee === null) return { type: 0, gasPrice: min(cap, up(m.gasPrice!, 20n)) };
    const maxFeePerGas = min(cap, m.nextBaseFee * 2n + m.tip);
    return { type: 2, maxFeePerGas, maxPriorityFeePerGas: min(m.tip, maxFeePerGas) };
  }

  /** Whether the next block cannot include a transaction with these fees. */
  belowBaseFee(fees: Fees, m: FeeMarket): boolean {
    if (fees.type === 0) return m.gasPrice !== null && fees.gasPrice < m.gasPrice;
    return m.nextBaseFee !== null && fees.maxFeePerGas < m.nextBaseFee;
  }

  /** The fees of a replacement for a payout signed with `prev`, or null when the cap forbids one. */
  replacement(prev: Fees, m: FeeMarket): Fees | null {
    const cap = this.opts.maxFeePerGas;
    const bump = BigInt(this.opts.bumpPercent);
    const valid = (next: bigint, was: bigint) => next >= up(was, MIN_REPLACEMENT_BUMP_PERCENT) && next > was;
    if (prev.type === 0) {
      const now = m.gasPrice === null ? 0n : up(m.gasPrice, 20n);
      const gasPrice = min(cap, max(up(prev.gasPrice, bump), prev.gasPrice + 1n, now));
      return valid(gasPrice, prev.gasPrice) ? { type: 0, gasPrice } : null;
    }
    const tip = max(up(prev.maxPriorityFeePerGas, bump), prev.maxPriorityFeePerGas + 1n, m.tip);
    const maxFee = min(cap, max(up(prev.maxFeePerGas, bump), prev.maxFeePerGas + 1n, (m.nextBaseFee ?? 0n) * 2n + tip));
    const maxPriorityFeePerGas = min(tip, maxFee);
    if (!valid(maxFee, prev.maxFeePerGas) || !valid(maxPriorityFeePerGas, prev.maxPriorityFeePerGas)) return null;
    return { type: 2, maxFeePerGas: maxFee, maxPriorityFeePerGas };
  }
}
