import { formatDateTime } from '@/lib/dates';
import type { EscrowAudit } from '@/types/escrow';

/**
 * What a screen built on the escrow view says when the server could not read the chain: "Chain unreachable,
 * last block seen N at T" (T in the reader's time zone), or the server's reason as it gave it; null when the
 * chain was read. Shared by the audit page, the refund card and the payout status.
 */
export function chainUnreachableText(audit: Pick<EscrowAudit, 'chainError' | 'onChain' | 'lastBlockSeen' | 'lastBlockSeenAt'> | undefined): string | null {
  if (!audit?.chainError) return null;
  if (audit.onChain === null && audit.lastBlockSeen !== null && audit.lastBlockSeenAt) {
    return `Chain unreachable, last block seen ${audit.lastBlockSeen} at ${formatDateTime(audit.lastBlockSeenAt)}`;
  }
  return audit.chainError;
}
