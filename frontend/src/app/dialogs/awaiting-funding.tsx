import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth/auth-context';

const AwaitingFundingList = lazy(() =>
  import('@/features/tasks/components/awaiting-funding-list').then((m) => ({ default: m.AwaitingFundingList })),
);

/** Signed-in creators see their unfunded tasks (with a Fund action) above the task browser. */
export function AwaitingFunding() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense>
      <AwaitingFundingList />
    </Suspense>
  );
}
