import { useState } from 'react';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { RefundCard } from '@/features/escrow/components/refund-card';
import { AwaitingFunding } from '../dialogs/awaiting-funding';
import { useFundTaskDialog } from '../dialogs/fund-task-action';
import { ReviewDialogSlot } from '../dialogs/review-dialog-slot';

export function DashboardPage() {
  const [reviewing, setReviewing] = useState<number | null>(null);
  const funding = useFundTaskDialog();
  return (
    <>
      <DashboardView
        onReview={setReviewing}
        banner={<AwaitingFunding />}
        taskAction={(t) => funding.button(t, t)}
        taskExtras={(t) => ((t.funding?.status ?? t.fundingStatus) === 'funded' || (t.funding?.status ?? t.fundingStatus) === 'refunded' ? <RefundCard task={t} /> : null)}
      />
      {funding.dialog}
      <ReviewDialogSlot submissionId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

export const Component = DashboardPage;
