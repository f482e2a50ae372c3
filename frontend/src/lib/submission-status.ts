import type { SubmissionStatus } from '@/types/api';

/**
 * THE words and colours of a submission's status, on every screen (spec part 1 §4: pending "Pending Review",
 * approved "Approved", rejected "Rejected"; a missing status is pending).
 */
export const SUBMISSION_STATUS_LOOK: Record<SubmissionStatus, { label: string; color: 'yellow' | 'green' | 'red' | 'orange' | 'purple' }> = {
  pending: { label: 'Pending Review', color: 'yellow' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  // Issue 22 (not in the spec): revise and resubmit, appeals.
  changes_requested: { label: 'Changes Requested', color: 'orange' },
  appealed: { label: 'Appealed', color: 'purple' },
};

export const submissionStatusLook = (status: SubmissionStatus | null | undefined) => SUBMISSION_STATUS_LOOK[status ?? 'pending'] ?? SUBMISSION_STATUS_LOOK.pending;
