import { Stat } from '@chakra-ui/react';
import { statSlotRecipe } from 'chakra-theme/recipes/stat';

/**
 * `Stat.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Stat`.
 */
export function StatRoot(props: Stat.RootProps) {
  return <Stat.Root recipe={statSlotRecipe} {...props} />;
}
