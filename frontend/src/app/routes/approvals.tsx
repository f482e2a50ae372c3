import { useState } from 'react';
import { Heading } from '@chakra-ui/react';
import { ApprovalsView } from '@/features/approvals/components/approvals-view';
import { useLiveConnected } from '@/features/notifications/hooks/live-status';
import { approvalsPollingInterval } from '@/features/notifications/invalidation';
import { useAuth } from '@/lib/auth/auth-context';
import { ReviewDialogSlot } from '../dialogs/review-dialog-slot';

export function ApprovalsPage() {
  const { user } = useAuth();
  const [reviewing, setReviewing] = useState<number | null>(null);
  // The creators' list polls every 5 s (spec) only while the live stream is down.
  const live = useLiveConnected();
  if (!user) return <Heading as="h1" size="2xl">Authentication Required</Heading>;
  return (
    <>
      <ApprovalsView isAdmin={user.isAdmin} onReview={setReviewing} creatorPollMs={approvalsPollingInterval(live)} />
      <ReviewDialogSlot submissionId={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

export const Component = ApprovalsPage;
