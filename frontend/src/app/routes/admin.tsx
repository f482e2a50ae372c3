import { useState } from 'react';
import { Redirect } from '@/components/redirect';
import { AdminConsole } from '@/features/admin/components/admin-console';
import { DecisionButtons } from '@/features/review/components/decision-buttons';
import { useAuth } from '@/lib/auth/auth-context';
import { useFundTaskDialog } from '../dialogs/fund-task-action';
import { ReviewDialogSlot } from '../dialogs/review-dialog-slot';

/** Spec: non-admins are sent to "/". */
export function AdminPage() {
  const { user } = useAuth();
  const [reviewing, setReviewing] = useState<number | null>(null);
  const funding = useFundTaskDialog();
  if (!user?.isAdmin) return <Redirect to="/" />;
  return (
    <>
      {/* Only a task's creator can fund it (the escrow counts the creator's wallet). */}
      <AdminConsole
        onReview={setReviewing}
        taskAction={(t) => (t.creatorId === user.id ? funding.button(t) : null)}
        flaggedActions={(f) => <DecisionButtons target={{ id: f.submissionId, taskId: f.taskId, userId: f.userId, task: { reward: f.reward } }} />}
      />
      {funding.dialog}
      <ReviewDialogSlot submissionId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

export const Component = AdminPage;
