import { NativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from 'chakra-theme/recipes/native-select';

/**
 * `NativeSelect.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `NativeSelect`.
 */
export function NativeSelectRoot(props: NativeSelect.RootProps) {
  return <NativeSelect.Root recipe={nativeSelectSlotRecipe} {...props} />;
}
