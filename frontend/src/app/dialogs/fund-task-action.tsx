import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { useTaskQuery } from '@/features/tasks/api';
import type { Task } from '@/types/api';

const FundTaskDialog = lazy(() => import('@/features/tasks/components/fund-task-dialog').then((m) => ({ default: m.FundTaskDialog })));

/**
 * "Fund" beside a task awaiting funding (dashboard, admin table) and the funding dialog it opens. The dialog
 * lives at the page, not beside the button: once the funding is seen the task is no longer awaiting funding
 * and its button goes away, while the person must still see "Funded" and press Done.
 */
export function useFundTaskDialog(): { button(task: { id: number; title: string }, known?: Task): ReactNode; dialog: ReactNode } {
  const [target, setTarget] = useState<{ id: number; known?: Task } | null>(null);
  // The full task (its funding terms) is read when the dialog opens, unless the page has it already.
  const fetched = useTaskQuery(target?.id ?? 0, { skip: !target || !!target.known });
  const task = target?.known ?? fetched.data;
  return {
    button: (t, known) => (
      <Button size="xs" onClick={() => setTarget({ id: t.id, known })} loading={target?.id === t.id && !task} aria-label={`Fund ${t.title}`}>
        Fund
      </Button>
    ),
    dialog: target && task && (
      <Suspense>
        <FundTaskDialog task={task} onClose={() => setTarget(null)} />
      </Suspense>
    ),
  };
}
