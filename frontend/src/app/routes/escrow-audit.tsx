import { useParams } from 'react-router';
import { Heading, Stack } from '@chakra-ui/react';
import { EscrowAuditView } from '@/features/escrow/components/escrow-audit-view';
import { RefundCard } from '@/features/escrow/components/refund-card';
import { useTaskQuery } from '@/features/tasks/api';
import { useAuth } from '@/lib/auth/auth-context';
import { NotFoundPage } from './not-found';

/**
 * /tasks/:taskId/escrow — public: anyone can check a task's escrow against the chain. The task's creator also
 * gets the refund card here (the page an auditor links them to), not only on their dashboard.
 */
export function EscrowAuditPage() {
  const id = Number(useParams().taskId);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <EscrowAudit id={id} />;
}

function EscrowAudit({ id }: { id: number }) {
  // The task's title and funding terms (escrow key, reward, deadline) for the audit; the escrow view has the chain's side.
  const task = useTaskQuery(id).data;
  return (
    <Stack gap="6">
      <EscrowAuditView taskId={id} task={task} />
      <CreatorRefund taskId={id} />
    </Stack>
  );
}

function CreatorRefund({ taskId }: { taskId: number }) {
  const { user } = useAuth();
  const task = useTaskQuery(taskId, { skip: !user }).data;
  const status = task?.funding?.status ?? task?.fundingStatus;
  if (!user || !task || task.creatorId !== user.id || (status !== 'funded' && status !== 'refunded')) return null;
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">Your refund</Heading>
      <RefundCard task={task} auditLink={false} />
    </Stack>
  );
}

export const Component = EscrowAuditPage;
