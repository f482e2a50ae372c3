import type { PayoutStatus } from '@/types/api';
import type { EscrowPayout } from '@/types/escrow';

export const PAYOUT_STAGES = ['Requested', 'Sent', 'Confirmed', 'Final'] as const;
export type PayoutStage = (typeof PAYOUT_STAGES)[number];

/**
 * The payout of an approved submission as a stage: requested (the worker will send it) → sent (a transaction
 * is on its way) → confirmed (in a block, the indexer saw the release) → final (past the confirmation depth),
 * or failed with its reason. `escrow` is the audit view's row for this submission, when it has been read.
 */
export type PayoutProgress = { kind: 'none' } | { kind: 'failed'; reason: string } | { kind: 'stage'; stage: PayoutStage; index: number };

export function payoutProgress(
  payoutStatus: PayoutStatus | null | undefined,
  payoutError: string | null | undefined,
  escrow?: Pick<EscrowPayout, 'state' | 'error'> | null,
): PayoutProgress {
  const at = (stage: PayoutStage): PayoutProgress => ({ kind: 'stage', stage, index: PAYOUT_STAGES.indexOf(stage) });
  if (payoutStatus === 'failed' || escrow?.state === 'failed') {
    return { kind: 'failed', reason: payoutError || escrow?.error || 'Unknown error occurred' };
  }
  if (payoutStatus === 'released') return at(escrow?.state === 'final' ? 'Final' : 'Confirmed');
  if (payoutStatus === 'sent') return at('Sent');
  if (payoutStatus === 'requested') return at('Requested');
  return { kind: 'none' };
}
