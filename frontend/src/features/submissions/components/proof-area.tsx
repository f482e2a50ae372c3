import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import type { Submission, SubmissionStatus, Task, User } from '@/types/api';
import { SubmissionStatusBadge } from './submission-status-badge';
import { ReviewDeadlineBadge } from '@/components/review-deadline-badge';

const SubmitProofForm = lazy(() => import('./submit-proof-form').then((m) => ({ default: m.SubmitProofForm })));

/**
 * The task dialog's bottom area (spec part 1): Submit Proof; or the proof already sent with its status;
 * or, signed out, the sign-in button; or "Task is full". The creator cannot submit (nothing offered).
 */
export function ProofArea({
  task,
  user,
  submission,
  signIn,
}: {
  task: Task;
  user: User | null;
  submission: Submission | null;
  signIn: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (submission) {
    return (
      <Stack gap="2" direction="row" align="center" wrap="wrap">
        <Text>You have already submitted proof for this task.</Text>
        <SubmissionStatusBadge status={submission.status as SubmissionStatus} />
        <ReviewDeadlineBadge
          status={submission.status} reviewDeadline={submission.reviewDeadline} reviewFlag={submission.reviewFlag}
          reviewedBySystem={submission.reviewedBySystem} audience="earner"
        />
      </Stack>
    );
  }
  if (task.totalSubmissions >= task.maxCompletions) {
    return (
      <Stack gap="2" align="flex-start">
        <Badge colorPalette="red" size="lg">
          Task is full
        </Badge>
        <Text>This task has reached its maximum of {task.maxCompletions} submissions.</Text>
      </Stack>
    );
  }
  if (!user) {
    return (
      <Stack gap="2" align="flex-start">
        <Text>Connect your wallet to submit proof for this task.</Text>
        {signIn}
      </Stack>
    );
  }
  if (user.id === task.creatorId) {
    return <Text color="gray.600">You created this task, so you cannot submit proof for it.</Text>;
  }
  if (!open) {
    return (
      <Button w="full" size="lg" onClick={() => setOpen(true)}>
        Submit Proof
      </Button>
    );
  }
  return (
    <Suspense>
      <SubmitProofForm taskId={task.id} submissionType={task.submissionType} signedIn onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
    </Suspense>
  );
}
