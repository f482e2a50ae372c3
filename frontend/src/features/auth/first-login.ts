import { useSyncExternalStore } from 'react';

/**
 * "Ask for a username" survives the sign-in button unmounting (the header swaps it for the user menu the
 * moment the user is signed in): the button raises it here, <UsernamePrompt /> in the layout answers.
 */
let open = false;
const listeners = new Set<() => void>();

export function setUsernamePromptOpen(value: boolean): void {
  open = value;
  listeners.forEach((l) => l());
}

export function useUsernamePromptOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
