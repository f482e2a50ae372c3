import { Menu } from '@chakra-ui/react';
import { menuSlotRecipe } from 'chakra-theme/recipes/menu';

/**
 * `Menu.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Menu`.
 */
export function MenuRoot(props: Menu.RootProps) {
  return <Menu.Root recipe={menuSlotRecipe} {...props} />;
}
