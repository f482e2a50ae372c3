import { Badge } from '@chakra-ui/react';
import { submissionStatusLook } from '@/lib/submission-status';
import type { SubmissionStatus } from '@/types/api';

/** Spec: pending "Pending Review", approved "Approved", rejected "Rejected" (a missing status is pending). */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus | null | undefined }) {
  const look = submissionStatusLook(status);
  return <Badge colorPalette={look.color}>{look.label}</Badge>;
}
