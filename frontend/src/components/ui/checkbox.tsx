import { Checkbox } from '@chakra-ui/react';
import { checkboxSlotRecipe } from 'chakra-theme/recipes/checkbox';

/**
 * `Checkbox.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Checkbox`.
 */
export function CheckboxRoot(props: Checkbox.RootProps) {
  return <Checkbox.Root recipe={checkboxSlotRecipe} {...props} />;
}
