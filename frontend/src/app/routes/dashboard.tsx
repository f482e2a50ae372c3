import { useState } from 'react';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { RefundCard } from '@/features/escrow/components/refund-card';
import { ReviewDialogSlot } from '../dialogs/review-dialog-slot';

export function DashboardPage() {
  const [reviewing, setReviewing] = useState<number | null>(null);
  return (
    <>
      <DashboardView
        onReview={setReviewing}
        taskExtras={(t) => ((t.funding?.status ?? t.fundingStatus) === 'funded' || (t.funding?.status ?? t.fundingStatus) === 'refunded' ? <RefundCard task={t} /> : null)}
      />
      <ReviewDialogSlot submissionId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

export const Component = DashboardPage;
