import { useParams } from 'react-router';
import { EscrowAuditView } from '@/features/escrow/components/escrow-audit-view';
import { NotFoundPage } from './not-found';

/** /tasks/:taskId/escrow — public: anyone can check a task's escrow against the chain. */
export function EscrowAuditPage() {
  const id = Number(useParams().taskId);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <EscrowAuditView taskId={id} />;
}

export const Component = EscrowAuditPage;
