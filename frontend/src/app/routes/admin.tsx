import { useState } from 'react';
import { Redirect } from '@/components/redirect';
import { AdminConsole } from '@/features/admin/components/admin-console';
import { useAuth } from '@/lib/auth/auth-context';
import { ReviewDialogSlot } from '../dialogs/review-dialog-slot';

/** Spec: non-admins are sent to "/". */
export function AdminPage() {
  const { user } = useAuth();
  const [reviewing, setReviewing] = useState<number | null>(null);
  if (!user?.isAdmin) return <Redirect to="/" />;
  return (
    <>
      <AdminConsole onReview={setReviewing} />
      <ReviewDialogSlot submissionId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

export const Component = AdminPage;
