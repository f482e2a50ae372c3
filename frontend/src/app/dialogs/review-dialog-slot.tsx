import { lazy, Suspense } from 'react';

const ReviewDialog = lazy(() => import('@/features/review/components/review-dialog'));

/** The review dialog, loaded on first use, for pages that open it with a submission id. */
export function ReviewDialogSlot({ submissionId, onClose }: { submissionId: number | null; onClose(): void }) {
  if (submissionId == null) return null;
  return (
    <Suspense>
      <ReviewDialog key={submissionId} submissionId={submissionId} onClose={onClose} />
    </Suspense>
  );
}
