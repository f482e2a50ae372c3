import { Button, type ButtonProps } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';

/** Opens the Create Task dialog on the current page (`?create=1`; the dialog lives in the layout). */
export function CreateTaskButton({ label = 'Create Task', ...props }: ButtonProps & { label?: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <Button
      {...props}
      onClick={() => {
        const next = new URLSearchParams(params);
        next.set('create', '1');
        setParams(next);
      }}
    >
      {label}
    </Button>
  );
}
