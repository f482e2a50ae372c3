import { WalletSignInButton } from '@/features/auth/components/wallet-sign-in-button';
import { ProofArea } from '@/features/submissions/components/proof-area';
import { SubmissionStatusBadge } from '@/features/submissions/components/submission-status-badge';
import { useTaskQuery, useUserSubmissionQuery } from '@/features/tasks/api';
import { TaskDetailDialog } from '@/features/tasks/components/task-detail-dialog';
import { useAuth } from '@/lib/auth/auth-context';

/** The task detail dialog (`?id=` on any page, shared links use /tasks?id=) composed with the proof area. */
export function TaskDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { user } = useAuth();
  const task = useTaskQuery(id);
  const mine = useUserSubmissionQuery(id, { skip: !user });
  const submission = user ? (mine.data?.submission ?? null) : null;
  return (
    <TaskDetailDialog
      task={task.data}
      isLoading={task.isLoading}
      failed={task.isError}
      onClose={onClose}
      statusBadge={submission ? <SubmissionStatusBadge status={submission.status} /> : undefined}
    >
      {task.data && !(user && mine.isLoading) && (
        <ProofArea task={task.data} user={user} submission={submission} signIn={<WalletSignInButton />} />
      )}
    </TaskDetailDialog>
  );
}

export default TaskDialog;
