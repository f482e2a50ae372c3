import { useState } from 'react';
import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/http-error';
import { formatCent } from '@/lib/money';
import { useWallet } from '@/lib/wallet/wallet-context';
import { useReviewSubmissionMutation } from '../api';
import { useApprove, type ApprovalTarget } from '../hooks/use-approve';
import { ADMIN_NEEDS_WALLET_NOTICE } from '../review-mode';

/**
 * Approve & Release or Reject one submission outside the review dialog (the admins' flagged queue, issue 22): the
 * same PATCH /api/submissions/:id, the same rules (feedback required to reject; approving needs a connected wallet,
 * as in the dialog) and the same payout follow-up and toasts after an approval.
 */
export function DecisionButtons({ target }: { target: ApprovalTarget }) {
  const wallet = useWallet();
  const [feedback, setFeedback] = useState('');
  const [missing, setMissing] = useState(false);
  const [review, rejecting] = useReviewSubmissionMutation();
  const { approve, isLoading: approving } = useApprove();
  const busy = rejecting.isLoading || approving;

  const onReject = async () => {
    if (!feedback.trim()) {
      setMissing(true);
      return;
    }
    try {
      await review({ id: target.id, taskId: target.taskId, status: 'rejected', feedback: feedback.trim() }).unwrap();
      toaster.create({ type: 'success', title: 'Submission rejected', description: 'The submission has been rejected and the user has been notified.' });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Failed to update submission', description: errorText(e, 'Unknown error occurred') });
    }
  };

  return (
    <Stack gap="2">
      <Textarea aria-label={`Feedback for submission #${target.id}`} value={feedback} rows={2}
        onChange={(e) => { setFeedback(e.target.value); setMissing(false); }}
        placeholder="Feedback to the submitter (required to reject)" />
      {missing && <Text color="red.700" fontSize="sm">Feedback is required to reject a submission.</Text>}
      {!wallet.isConnected && <Text color="gray.700" fontSize="sm">{ADMIN_NEEDS_WALLET_NOTICE}</Text>}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="red" variant="outline" disabled={busy} onClick={() => void onReject()}>Reject</Button>
        {wallet.isConnected ? (
          <Button size="sm" disabled={busy} loading={approving} onClick={() => void approve(target, feedback.trim())}>
            Approve &amp; Release {formatCent(target.task.reward)} CENTS
          </Button>
        ) : (
          <Button size="sm" variant="outline" loading={wallet.isConnecting} onClick={() => void wallet.connect().catch(() => undefined)}>
            Connect Wallet
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
