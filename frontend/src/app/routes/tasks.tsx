import { useSearchParams } from 'react-router';
import { TaskBrowser } from '@/features/tasks/components/task-browser';
import { AwaitingFunding } from '../dialogs/awaiting-funding';

export function TasksPage() {
  const [, setParams] = useSearchParams();
  return (
    <>
      <TaskBrowser
        banner={<AwaitingFunding />}
        onOpenTask={(id) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('id', String(id));
            return next;
          })
        }
      />
    </>
  );
}

export const Component = TasksPage;
