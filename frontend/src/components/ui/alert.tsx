import { Alert } from '@chakra-ui/react';
import { alertSlotRecipe } from 'chakra-theme/recipes/alert';

/**
 * `Alert.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Alert`.
 */
export function AlertRoot(props: Alert.RootProps) {
  return <Alert.Root recipe={alertSlotRecipe} {...props} />;
}
