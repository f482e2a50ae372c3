import { Button, Dialog } from '@chakra-ui/react';

/** The sign-in dialogs' close button: a plain ✕ in the top corner (the spec's look for these dialogs). */
export function CloseX() {
  return (
    <Dialog.CloseTrigger asChild>
      <Button variant="ghost" size="sm" aria-label="Close" position="absolute" top="2" insetEnd="2">
        ✕
      </Button>
    </Dialog.CloseTrigger>
  );
}
