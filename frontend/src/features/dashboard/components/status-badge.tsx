import { Badge } from '@chakra-ui/react';
import { submissionStatusLook } from '@/lib/submission-status';
import type { SubmissionStatus } from '@/types/api';

/** The spec's status badge: "Pending Review", "Approved", "Rejected" (it read "pending" here). */
export function StatusBadge({ status }: { status: SubmissionStatus | null | undefined }) {
  const look = submissionStatusLook(status);
  return <Badge colorPalette={look.color}>{look.label}</Badge>;
}
