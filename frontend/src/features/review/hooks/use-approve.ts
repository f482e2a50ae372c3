import { useCallback } from 'react';
import { toaster } from '@/components/ui/toaster';
import { shortAddress } from '@/lib/display-name';
import { errorText } from '@/lib/http-error';
import { useAppDispatch } from '@/lib/store-hooks';
import { reviewApi, useReviewSubmissionMutation, type ReviewedSubmission } from '../api';
import { payoutOutcome, transferredText } from '../payout-outcome';

/** How often the submission is re-read while its payout is on its way, and for how long at most. */
const PAYOUT_POLL_MS = 2000;
const PAYOUT_FOLLOW_MS = 5 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What an approval needs of a submission: the dialog passes the whole one, the flagged queue just these. */
export type ApprovalTarget = Pick<ReviewedSubmission, 'id' | 'taskId' | 'userId'> & { task: Pick<ReviewedSubmission['task'], 'reward'> };

/**
 * Approve, then follow the payout the server requested until the chain has it (spec §7 toasts): "Processing
 * token transfer" while it travels, "Reward transferred successfully" only once the release is indexed with its
 * transaction hash; a failed payout shows its error and the submission stays approved. The follow runs outside
 * the dialog's lifetime, so closing the dialog does not lose the result.
 */
export function useApprove() {
  const dispatch = useAppDispatch();
  const [review, state] = useReviewSubmissionMutation();

  const approve = useCallback(
    async (s: ApprovalTarget, feedback: string): Promise<boolean> => {
      try {
        await review({ id: s.id, taskId: s.taskId, status: 'approved', feedback }).unwrap();
      } catch (e) {
        toaster.create({ type: 'error', title: 'Failed to update submission', description: errorText(e, 'Unknown error occurred') });
        return false;
      }
      let wallet: string | null;
      try {
        const user = await dispatch(reviewApi.endpoints.submitter.initiate(s.userId, { subscribe: false, forceRefetch: true })).unwrap();
        wallet = user.walletAddress;
      } catch {
        toaster.create({ type: 'error', title: 'Token transfer failed', description: "Could not get submitter's wallet address. Please try again later." });
        return true;
      }
      if (!wallet || !wallet.startsWith('0x')) {
        toaster.create({ type: 'error', title: 'Token transfer failed', description: `Invalid wallet address for user ${s.userId}. Contact an administrator.` });
        return true;
      }
      void followPayout(dispatch, s, wallet);
      return true;
    },
    [dispatch, review],
  );

  return { approve, isLoading: state.isLoading };
}

type Dispatch = ReturnType<typeof useAppDispatch>;

async function followPayout(dispatch: Dispatch, s: ApprovalTarget, wallet: string) {
  const id = toaster.create({
    type: 'loading',
    title: 'Processing token transfer',
    description: 'Transferring tokens from escrow to recipient wallet...',
    duration: PAYOUT_FOLLOW_MS,
  });
  const show = (opts: Parameters<typeof toaster.create>[0]) => {
    if (toaster.isVisible(id)) toaster.update(id, { duration: 8000, ...opts });
    else toaster.create(opts);
  };
  const until = Date.now() + PAYOUT_FOLLOW_MS;
  while (Date.now() < until) {
    await sleep(PAYOUT_POLL_MS);
    const read = await dispatch(reviewApi.endpoints.submissionForReview.initiate(s.id, { subscribe: false, forceRefetch: true }));
    if (!read.data) continue;
    const outcome = payoutOutcome(read.data);
    if (outcome.kind === 'released') {
      show({ type: 'success', title: 'Reward transferred successfully', description: transferredText(s.task.reward, shortAddress(wallet)) });
      dispatch(reviewApi.util.invalidateTags(['Leaderboard', 'Dashboard', { type: 'Escrow', id: s.taskId }]));
      return;
    }
    if (outcome.kind === 'failed') {
      show({ type: 'error', title: 'Token transfer failed', description: outcome.error });
      return;
    }
  }
  show({ type: 'info', title: 'Processing token transfer', description: 'The payout is still on its way; its status shows on the submission.' });
}

