import { Badge } from '@chakra-ui/react';
import type { SubmissionStatus } from '@/types/api';

const LOOK: Record<SubmissionStatus, { label: string; color: string }> = {
  pending: { label: 'Pending Review', color: 'yellow' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** Spec: pending "Pending Review", approved "Approved", rejected "Rejected" (a missing status is pending). */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus | null | undefined }) {
  const look = LOOK[status ?? 'pending'] ?? LOOK.pending;
  return <Badge colorPalette={look.color}>{look.label}</Badge>;
}
