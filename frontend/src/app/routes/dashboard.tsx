import { useState } from 'react';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { ReviewDialogSlot } from '../dialogs/review-dialog-slot';

export function DashboardPage() {
  const [reviewing, setReviewing] = useState<number | null>(null);
  return (
    <>
      <DashboardView onReview={setReviewing} />
      <ReviewDialogSlot submissionId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

export const Component = DashboardPage;
