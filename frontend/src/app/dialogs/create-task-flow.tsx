import { useEffect } from 'react';
import { CreateTaskDialog } from '@/features/tasks/components/create-task-dialog';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth/auth-context';

/** `?create=1`: the Create Task dialog for a signed-in user; anyone else gets the spec's toast. */
export function CreateTaskFlow({ onClose }: { onClose(): void }) {
  const { user, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !user) {
      toaster.create({ type: 'error', title: 'Authentication required', description: 'You must be logged in to create tasks.' });
      onClose();
    }
  }, [isLoading, user, onClose]);
  if (!user) return null;
  return <CreateTaskDialog onClose={onClose} />;
}

export default CreateTaskFlow;
