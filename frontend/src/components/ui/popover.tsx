import { Popover } from '@chakra-ui/react';
import { popoverSlotRecipe } from 'chakra-theme/recipes/popover';

/**
 * `Popover.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Popover`.
 */
export function PopoverRoot(props: Popover.RootProps) {
  return <Popover.Root recipe={popoverSlotRecipe} {...props} />;
}
