import { lazy, Suspense } from 'react';
import { setUsernamePromptOpen, useUsernamePromptOpen } from '../first-login';

const UsernameDialog = lazy(() => import('./username-dialog').then((m) => ({ default: m.UsernameDialog })));

/** Mounted once in the layout: the username dialog after a first wallet login. */
export function UsernamePrompt() {
  const open = useUsernamePromptOpen();
  if (!open) return null;
  return (
    <Suspense>
      <UsernameDialog open onClose={() => setUsernamePromptOpen(false)} />
    </Suspense>
  );
}
