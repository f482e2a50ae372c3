import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

const TaskDialog = lazy(() => import('../dialogs/task-dialog'));
const CreateTaskFlow = lazy(() => import('../dialogs/create-task-flow'));

/**
 * Dialogs addressed by the URL on any page: `?id=N` (task detail; shared links are /tasks?id=N) and
 * `?create=1` (Create Task). Closing one removes its parameter.
 */
export function UrlDialogs() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const creating = params.get('create') === '1';
  const drop = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(key);
      return next;
    });
  return (
    <Suspense>
      {Number.isInteger(id) && id > 0 && <TaskDialog key={id} id={id} onClose={() => drop('id')} />}
      {creating && <CreateTaskFlow onClose={() => drop('create')} />}
    </Suspense>
  );
}
