import { useState } from 'react';
import { Heading } from '@chakra-ui/react';
import { ApprovalsView } from '@/features/approvals/components/approvals-view';
import { useAuth } from '@/lib/auth/auth-context';
import { ReviewDialogSlot } from '../dialogs/review-dialog-slot';

export function ApprovalsPage() {
  const { user } = useAuth();
  const [reviewing, setReviewing] = useState<number | null>(null);
  if (!user) return <Heading as="h1" size="2xl">Authentication Required</Heading>;
  return (
    <>
      <ApprovalsView isAdmin={user.isAdmin} onReview={setReviewing} />
      <ReviewDialogSlot submissionId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

export const Component = ApprovalsPage;
