import { escrowInterface } from '../chain/escrow-logs';
import { JsonRpc, RpcError } from '../chain/json-rpc';
import { ClassifiedRevert, classifyRevert, isRevert } from './revert-classifier';

/** One payout transaction's content: some approved submissions of one task and their recipients. */
export interface ReleaseRequest {
  taskId: number;
  /** The task's TaskEscrow v2 escrow key (tasks.escrow_key): releases and paid flags are per key. */
  key: string;
  submissionIds: number[];
  recipients: string[];
}

/**
 * The escrow calls the payout worker makes (the only place that knows their shape): `release` for one
 * submission, `releaseBatch` for several, and the `isPaid` read.
 */
export function encodeRelease(r: ReleaseRequest): string {
  return r.submissionIds.length === 1
    ? escrowInterface.encodeFunctionData('release', [r.key, r.submissionIds[0], r.recipients[0]])
    : escrowInterface.encodeFunctionData('releaseBatch', [r.key, r.submissionIds, r.recipients]);
}

/**
 * Whether the escrow reports each submission paid, as of `block` ('latest' or a block number in hex): one
 * block for all reads, so a tracker can compare them with the nonce it read at that same block.
 */
export async function paidFlags(rpc: JsonRpc, escrow: string, r: ReleaseRequest, block = 'latest'): Promise<boolean[]> {
  return Promise.all(
    r.submissionIds.map(async (id) => {
      const out = await rpc.call<string>('eth_call', [{ to: escrow, data: escrowInterface.encodeFunctionData('isPaid', [r.key, id]) }, block]);
      return BigInt(out) !== 0n;
    }),
  );
}

/** What an escrow still holds, as of `block`: funded at all, and how many payouts it can still make. */
export interface EscrowCapacity {
  funded: boolean;
  maxCompletions: number;
  paidCount: number;
  refunded: boolean;
  /** maxCompletions - paidCount (0 when not funded or refunded). */
  payoutsLeft: number;
}

export async function escrowCapacity(rpc: JsonRpc, escrow: string, key: string, block = 'latest'): Promise<EscrowCapacity> {
  const out = await rpc.call<string>('eth_call', [{ to: escrow, data: escrowInterface.encodeFunctionData('getEscrow', [key]) }, block]);
  const [e] = escrowInterface.decodeFunctionResult('getEscrow', out);
  const funded = (e.reward as bigint) !== 0n;
  const maxCompletions = Number(e.maxCompletions);
  const paidCount = Number(e.paidCount);
  return { funded, maxCompletions, paidCount, refunded: e.refunded as boolean, payoutsLeft: funded && !e.refunded ? Math.max(0, maxCompletions - paidCount) : 0 };
}

/** Runs the release as a call at `block`; null when it would succeed, else the escrow's classified error. */
export async function simulateRelease(rpc: JsonRpc, from: string, escrow: string, r: ReleaseRequest, block = 'latest'): Promise<ClassifiedRevert | null> {
  try {
    await rpc.call('eth_call', [{ from, to: escrow, data: encodeRelease(r) }, block], isRevert);
    return null;
  } catch (err) {
    if (!isRevert(err)) throw err;
    return classifyRevert(err as RpcError);
  }
}
