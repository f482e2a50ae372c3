import { ErrorDescription } from 'ethers';
import type { PayoutFailureCause } from '@cent/backend';
import { escrowInterface } from '../chain/escrow-logs';
import { RpcError } from '../chain/json-rpc';

/**
 * What a revert of a release means for the payout:
 * - `permanent`: no retry can fix it (task not funded or refunded, window closed, not our role, ...): the
 *   payout is reported failed for an admin;
 * - `paid`: the submission is already paid on chain (the indexer records that payout);
 * - `transient`: anything else (including reverts we cannot decode): retried, a bounded number of times
 *   when it reverts on chain.
 */
export type RevertKind = 'permanent' | 'paid' | 'transient';

export interface ClassifiedRevert {
  kind: RevertKind;
  /** The decoded error, e.g. `EscrowNotFunded(0x…)`, or the node's message when it cannot be decoded. */
  reason: string;
  /** For a permanent one: whether its cause can pass (not_funded: requested again once funded). */
  cause?: PayoutFailureCause;
}

/** What a permanent escrow error means for the payout (PayoutFailedData.cause). */
const CAUSES: Record<string, PayoutFailureCause> = { EscrowNotFunded: 'not_funded', MaxCompletionsExceeded: 'escrow_full' };

/** TaskEscrow v2 errors that no retry of the same payout can fix. */
const PERMANENT = new Set([
  'EscrowNotFunded', 'ReleaseWindowClosed', 'AccessControlUnauthorizedAccount', 'ZeroRecipient', 'MaxCompletionsExceeded',
  'LengthMismatch', 'EmptyBatch',
]);
const PAID = new Set(['SubmissionAlreadyPaid']);

/** An execution revert (as opposed to a transport fault or a node error unrelated to the call). */
export function isRevert(err: unknown): boolean {
  return err instanceof RpcError && (err.code === 3 || /revert/i.test(err.message));
}

/** Decodes the revert data through the escrow ABI (its custom errors, plus Error(string) and Panic(uint256)). */
export function decodeRevert(data: unknown): ErrorDescription | null {
  const hex = typeof data === 'string' ? data : typeof (data as { data?: unknown })?.data === 'string' ? (data as { data: string }).data : null;
  if (!hex || !/^0x[0-9a-fA-F]{8}/.test(hex)) return null;
  try {
    return escrowInterface.parseError(hex);
  } catch {
    return null; // a selector the ABI does not know, or malformed arguments
  }
}

export function classifyRevert(err: RpcError): ClassifiedRevert {
  const decoded = decodeRevert(err.data);
  if (!decoded) return { kind: 'transient', reason: err.message };
  const reason = `${decoded.name}(${decoded.args.map((a) => String(a)).join(', ')})`;
  const kind: RevertKind = PERMANENT.has(decoded.name) ? 'permanent' : PAID.has(decoded.name) ? 'paid' : 'transient';
  return kind === 'permanent' ? { kind, reason, cause: CAUSES[decoded.name] ?? 'escrow_refused' } : { kind, reason };
}
