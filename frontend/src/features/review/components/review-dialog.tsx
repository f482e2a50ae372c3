import { useState } from 'react';
import { Alert, Badge, Box, Button, CloseButton, Dialog, Field, HStack, Portal, Separator, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { PayoutStatus } from '@/components/payout-status';
import { ReviewEvidencePanel } from '@/components/review-evidence';
import { ExternalLink } from '@/components/ui/external-link';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDate } from '@/lib/dates';
import { submissionStatusLook } from '@/lib/submission-status';
import { errorText } from '@/lib/http-error';
import { formatCent } from '@/lib/money';
import { useWallet } from '@/lib/wallet/wallet-context';
import { useReviewSubmissionMutation, useSubmissionForReviewQuery, type ReviewedSubmission } from '../api';
import { useApprove } from '../hooks/use-approve';
import { isImageUrl, proofBadges } from '../proof';
import { READ_ONLY_NOTICE, reviewDialogTitle, reviewMode } from '../review-mode';
import { AiPanel } from './ai-panel';
import { ProofImage } from './proof-image';
import { SubmitterCard } from './submitter-card';
import { AppealForm, ResubmitForm, RevisionHistory } from './second-chances';
import { DialogRoot } from '@/components/ui/dialog';
import { AlertRoot } from '@/components/ui/alert';

const FEEDBACK_PLACEHOLDER = 'Provide feedback to the submitter (required for rejection)';

/** The alert of a submission no longer pending (issue 22 adds the revision and appeal states). */
const DECIDED_TITLE: Record<string, string> = {
  approved: 'This submission was approved',
  rejected: 'This submission was rejected',
  changes_requested: 'Changes were requested on this submission',
  appealed: 'This rejection was appealed to the admins',
};

/** "Review Submission": opened with a submission id by the dashboard, the approvals page and the admin console. */
export function ReviewDialog({ submissionId, onClose }: { submissionId: number; onClose(): void }) {
  const q = useSubmissionForReviewQuery(submissionId);
  const { user } = useAuth();

  return (
    <DialogRoot open onOpenChange={(e) => !e.open && onClose()} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{reviewDialogTitle(q.data, user)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            {q.isLoading ? (
              <Dialog.Body>
                <Stack align="center" py="8">
                  <Spinner aria-label="Loading submission" />
                </Stack>
              </Dialog.Body>
            ) : q.data ? (
              <ReviewBody submission={q.data} onClose={onClose} />
            ) : (
              <>
                <Dialog.Body>
                  <Text color="red.700">Failed to load submission details.</Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button onClick={onClose}>Close</Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}

export function ReviewBody({ submission: s, onClose }: { submission: ReviewedSubmission; onClose(): void }) {
  const { user } = useAuth();
  const wallet = useWallet();
  const [feedback, setFeedback] = useState('');
  const [reject, rejecting] = useReviewSubmissionMutation();
  const { approve, isLoading: approving } = useApprove();
  const mode = reviewMode(s, user, wallet.isConnected);
  const busy = rejecting.isLoading || approving;
  const status = s.status ?? 'pending';

  // Issue 22: a revision instead of a rejection; feedback says what to change. No wallet needed: nothing is paid.
  const onRequestChanges = async () => {
    if (!feedback.trim()) {
      toaster.create({ type: 'error', title: 'Feedback required', description: 'Please explain what the earner should change.' });
      return;
    }
    try {
      await reject({ id: s.id, taskId: s.taskId, status: 'changes_requested', feedback: feedback.trim() }).unwrap();
      toaster.create({ type: 'success', title: 'Changes requested', description: 'The earner has been notified and can resubmit within 48 hours.' });
      onClose();
    } catch (e) {
      toaster.create({ type: 'error', title: 'Failed to update submission', description: errorText(e, 'Unknown error occurred') });
    }
  };

  const onReject = async () => {
    if (!feedback.trim()) {
      toaster.create({ type: 'error', title: 'Feedback required', description: 'Please provide feedback explaining why this submission is being rejected.' });
      return;
    }
    try {
      await reject({ id: s.id, taskId: s.taskId, status: 'rejected', feedback: feedback.trim() }).unwrap();
      toaster.create({ type: 'success', title: 'Submission rejected', description: 'The submission has been rejected and the user has been notified.' });
      onClose();
    } catch (e) {
      toaster.create({ type: 'error', title: 'Failed to update submission', description: errorText(e, 'Unknown error occurred') });
    }
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Box>
            <Text fontSize="lg" fontWeight="semibold">{s.task.title}</Text>
            <HStack gap="2" mt="1" wrap="wrap">
              <Badge>{s.task.category}</Badge>
              <Text fontSize="sm" fontWeight="medium">{formatCent(s.task.reward)} CENTS</Text>
            </HStack>
          </Box>
          <Separator />
          <Stack gap="1" fontSize="sm">
            {/* The reviewers (creator, admins) get who submitted; the spec's 'User {id}' otherwise. */}
            {s.submitter ? <SubmitterCard submitter={s.submitter} /> : <Text>Submitted by User {s.userId}</Text>}
            <Text color="gray.700">Submitted {formatDate(s.createdAt)}</Text>
            <HStack gap="1">
              {proofBadges(s).map((b) => <Badge key={b} variant="outline">{b}</Badge>)}
              <Badge colorPalette={submissionStatusLook(status).color}>{submissionStatusLook(status).label}</Badge>
            </HStack>
          </Stack>
          {/* Issue 22: the validator's evidence for the reviewers (the creator too, not only admins), before the proof it is about. */}
          {s.evidence && <ReviewEvidencePanel evidence={s.evidence} />}
          {s.proofLink && (
            <Box>
              <Text fontSize="sm" fontWeight="semibold">Link</Text>
              <ExternalLink href={s.proofLink} wordBreak="break-all" color="purple.700">{s.proofLink}</ExternalLink>
            </Box>
          )}
          {s.proofText && (
            <Box>
              <Text fontSize="sm" fontWeight="semibold">Text</Text>
              <Text fontSize="sm" whiteSpace="pre-wrap" bg="gray.100" p="3" borderRadius="md">{s.proofText}</Text>
            </Box>
          )}
          {s.proofFileUrl && (
            <Box>
              <Text fontSize="sm" fontWeight="semibold">File</Text>
              {isImageUrl(s.proofFileUrl) ? (
                <ProofImage url={s.proofFileUrl} />
              ) : (
                <ExternalLink href={s.proofFileUrl} color="purple.700" wordBreak="break-all">{s.proofFileUrl}</ExternalLink>
              )}
            </Box>
          )}
          {s.notes && (
            <Box>
              <Text fontSize="sm" fontWeight="semibold">Additional notes</Text>
              <Text fontSize="sm" whiteSpace="pre-wrap">{s.notes}</Text>
            </Box>
          )}
          {/* Whether an admin already analysed it is the panel's call (the system's own check does not count). */}
          {user?.isAdmin && <AiPanel submissionId={s.id} stored={s.aiValidation ?? null} canValidate={status === 'pending'} />}
          {mode.kind === 'decided' && (
            <AlertRoot status={status === 'approved' ? 'success' : status === 'rejected' ? 'error' : 'warning'}>
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{DECIDED_TITLE[status] ?? DECIDED_TITLE.rejected}</Alert.Title>
                <Alert.Description>
                  <Stack gap="1" fontSize="sm">
                    {s.reviewNotes && <Text whiteSpace="pre-wrap">{s.reviewNotes}</Text>}
                    {status === 'changes_requested' && s.resubmitBy && <Text>Resubmit by {formatDate(s.resubmitBy)}</Text>}
                    {s.appeal && <Text whiteSpace="pre-wrap">Appeal ({s.appeal.status}): {s.appeal.message}{s.appeal.reason ? ` — ${s.appeal.reason}` : ''}</Text>}
                    {s.reviewedBy != null && <Text>Reviewed by User #{s.reviewedBy}</Text>}
                    {s.reviewedAt && <Text>{formatDate(s.reviewedAt)}</Text>}
                  </Stack>
                </Alert.Description>
              </Alert.Content>
            </AlertRoot>
          )}
          {status === 'approved' && <PayoutStatus submission={s} />}
          {/* Issue 22: the earner revises after a request for changes, or appeals a rejection; everyone sees the history. */}
          {user?.id === s.userId && status === 'changes_requested' && <ResubmitForm submission={s} onDone={onClose} />}
          {user?.id === s.userId && status === 'rejected' && <AppealForm submission={s} onDone={onClose} />}
          <RevisionHistory submission={s} />
          {mode.kind === 'read-only' && (
            <AlertRoot status="info">
              <Alert.Indicator />
              <Alert.Title>{READ_ONLY_NOTICE}</Alert.Title>
            </AlertRoot>
          )}
          {mode.kind === 'editable' && (
            <>
              {mode.notice && (
                <AlertRoot status="warning">
                  <Alert.Indicator />
                  <Alert.Title>{mode.notice}</Alert.Title>
                </AlertRoot>
              )}
              <Field.Root>
                <Field.Label>Feedback</Field.Label>
                <Textarea value={feedback} onChange={(e) => setFeedback(e.target.value)} placeholder={FEEDBACK_PLACEHOLDER} rows={3} />
              </Field.Root>
            </>
          )}
        </Stack>
      </Dialog.Body>
      {mode.kind === 'editable' && (
        <Dialog.Footer flexWrap="wrap" gap="2">
          {!wallet.isConnected && (
            <Button variant="ghost" onClick={() => void wallet.connect().catch(() => undefined)} loading={wallet.isConnecting}>
              Connect Wallet
            </Button>
          )}
          <Button colorPalette="red" variant="outline" onClick={() => void onReject()} disabled={busy}>
            Reject Submission
          </Button>
          <Button colorPalette="orange" variant="outline" onClick={() => void onRequestChanges()} disabled={busy}>
            Request Changes
          </Button>
          <Button onClick={() => void approve(s, feedback.trim())} disabled={busy || !mode.canApprove} loading={approving}>
            Approve &amp; Release {formatCent(s.task.reward)} CENTS
          </Button>
        </Dialog.Footer>
      )}
    </>
  );
}

export default ReviewDialog;
