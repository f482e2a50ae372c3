import { Dialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from 'chakra-theme/recipes/dialog';

/**
 * `Dialog.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Dialog`.
 */
export function DialogRoot(props: Dialog.RootProps) {
  return <Dialog.Root recipe={dialogSlotRecipe} {...props} />;
}
