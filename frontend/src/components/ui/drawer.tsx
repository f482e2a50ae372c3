import { Drawer } from '@chakra-ui/react';
import { toastRegion } from './toaster';
import { drawerSlotRecipe } from 'chakra-theme/recipes/drawer';

/**
 * `Drawer.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Drawer`.
 * Toasts stay usable while it is open (`toastRegion`).
 */
export function DrawerRoot(props: Drawer.RootProps) {
  return <Drawer.Root recipe={drawerSlotRecipe} {...props} persistentElements={[toastRegion, ...(props.persistentElements ?? [])]} />;
}
