import { USER_REJECTED, walletErrorCode } from '@/lib/wallet/eip1193';

/** The escrow's custom errors a refund can revert with (TaskEscrow.sol), so ethers decodes them by name. */
export const REFUND_ABI = [
  'function refund(bytes32 key)',
  'error EscrowNotFunded(bytes32 key)',
  'error NotFunder(bytes32 key, address caller)',
  'error EscrowAlreadyRefunded(bytes32 key)',
  'error RefundNotYetAvailable(bytes32 key, uint256 refundableAt, uint256 currentTime)',
  'error NothingToRefund(bytes32 key)',
] as const;

const REVERT_TEXT: Record<string, string> = {
  EscrowNotFunded: 'The escrow has no funding for this task.',
  NotFunder: 'Only the wallet that funded this task can refund it.',
  EscrowAlreadyRefunded: 'This escrow has already been refunded.',
  RefundNotYetAvailable: "The refund is not open yet: the chain's clock has not passed the deadline plus the review window.",
  NothingToRefund: 'Nothing is left in this escrow to refund: every reward was paid out.',
};

export const REFUND_REJECTED = 'You rejected the transaction in your wallet.';

/**
 * Plain words for a failed refund: the wallet's rejection, the escrow's own reason (a decoded custom error, from
 * the gas estimate or the receipt), or the error's message.
 */
export function refundErrorText(e: unknown): string {
  if (walletErrorCode(e) === USER_REJECTED) return REFUND_REJECTED;
  const name = (e as { revert?: { name?: unknown } } | null)?.revert?.name;
  if (typeof name === 'string' && REVERT_TEXT[name]) return REVERT_TEXT[name];
  const short = (e as { shortMessage?: unknown } | null)?.shortMessage;
  if (typeof short === 'string' && short) return short;
  return e instanceof Error ? e.message : String(e);
}
