import type { Submission, User } from '@/types/api';

/**
 * What the review dialog lets this viewer do (spec §4 "Review dialog mode"): admins and the task's creator
 * review; everyone else reads. The server also refuses a review of one's own submission, so that is read-only too.
 * Approving additionally needs a connected wallet.
 */
export type ReviewMode =
  | { kind: 'decided' }
  | { kind: 'read-only' }
  | { kind: 'editable'; canApprove: boolean; notice: string | null };

export const READ_ONLY_NOTICE = "You're viewing this submission in read-only mode.";
export const ADMIN_NEEDS_WALLET_NOTICE = "You're an admin but need wallet connection to approve submissions.";

export function reviewMode(
  submission: Pick<Submission, 'status' | 'userId'> & { task: { creatorId: number } },
  viewer: Pick<User, 'id' | 'isAdmin'> | null,
  walletConnected: boolean,
): ReviewMode {
  if ((submission.status ?? 'pending') !== 'pending') return { kind: 'decided' };
  if (!viewer || viewer.id === submission.userId) return { kind: 'read-only' };
  const isCreator = viewer.id === submission.task.creatorId;
  if (!viewer.isAdmin && !isCreator) return { kind: 'read-only' };
  return {
    kind: 'editable',
    canApprove: walletConnected,
    notice: viewer.isAdmin && !walletConnected ? ADMIN_NEEDS_WALLET_NOTICE : null,
  };
}

/** The dialog's title: the spec's "Review Submission", except for the earner reading their own ("Your Submission"). */
export function reviewDialogTitle(submission: Pick<Submission, 'userId'> | undefined, viewer: Pick<User, 'id'> | null): string {
  return submission && viewer && submission.userId === viewer.id ? 'Your Submission' : 'Review Submission';
}
