import type { Submission } from '@/types/api';

/**
 * Where an approved submission's payout stands, from the submission JSON. "released" only when the
 * indexer has seen the RewardReleased log (status released AND a transaction hash): the app never calls a
 * payout done before the chain has it.
 */
export type PayoutOutcome =
  | { kind: 'waiting' }
  | { kind: 'released'; txHash: string }
  | { kind: 'failed'; error: string };

export const UNKNOWN_PAYOUT_ERROR = 'Unknown error occurred';

export function payoutOutcome(s: Pick<Submission, 'status' | 'payoutStatus' | 'payoutError' | 'transactionHash'>): PayoutOutcome {
  if (s.payoutStatus === 'released' && s.transactionHash) return { kind: 'released', txHash: s.transactionHash };
  if (s.payoutStatus === 'failed') return { kind: 'failed', error: s.payoutError || UNKNOWN_PAYOUT_ERROR };
  return { kind: 'waiting' };
}

/** The spec's success text once the reward is on chain. */
export const transferredText = (reward: number | string, shortWallet: string) =>
  `${reward} CENT tokens have been sent to wallet ${shortWallet}`;
