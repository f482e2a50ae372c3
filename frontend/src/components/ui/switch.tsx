import { Switch } from '@chakra-ui/react';
import { switchSlotRecipe } from 'chakra-theme/recipes/switch';

/**
 * `Switch.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Switch`.
 */
export function SwitchRoot(props: Switch.RootProps) {
  return <Switch.Root recipe={switchSlotRecipe} {...props} />;
}
