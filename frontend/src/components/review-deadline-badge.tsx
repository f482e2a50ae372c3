import { Badge } from '@chakra-ui/react';
import { countdown } from '@/lib/countdown';
import { formatDateTime } from '@/lib/dates';
import { useAppNow } from '@/lib/app-clock';

interface Props {
  status: string | null | undefined;
  reviewDeadline?: string | null;
  reviewFlag?: string | null;
  reviewedBySystem?: boolean;
  /** The creator's wording ("Auto-approves in …") or the earner's ("Decided by …"). */
  audience: 'reviewer' | 'earner';
}

/**
 * A submission's review deadline (issue 22): pending, the time left before it is approved automatically (on the
 * app's clock); flagged by the spam guard, that admins decide; decided by the system, that it was automatic.
 */
export function ReviewDeadlineBadge({ status, reviewDeadline, reviewFlag, reviewedBySystem, audience }: Props) {
  const now = useAppNow();
  if (status && status !== 'pending') {
    return reviewedBySystem ? <Badge colorPalette="purple" variant="subtle">{status === 'approved' ? 'Auto-approved' : 'Closed at cut-off'}</Badge> : null;
  }
  if (!reviewDeadline) return null;
  const at = new Date(reviewDeadline);
  if (reviewFlag) return <Badge colorPalette="orange" variant="subtle" whiteSpace="normal" title={reviewFlag} data-testid="review-deadline">Flagged: admins review it</Badge>;
  const left = countdown(at, now);
  const label = audience === 'reviewer'
    ? left ? `Auto-approves in ${left}` : 'Auto-approval due'
    : left ? `Reviewed or approved automatically by ${formatDateTime(at)}` : 'Approval due now';
  const soon = at.getTime() - now.getTime() < 12 * 3600_000;
  // Wraps on a phone: the earner's sentence is longer than a 390 px line.
  return (
    <Badge colorPalette={soon ? 'orange' : 'gray'} variant="subtle" whiteSpace="normal" title={`Review deadline ${formatDateTime(at)}`} data-testid="review-deadline">
      {label}
    </Badge>
  );
}
