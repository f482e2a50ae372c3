import { Progress } from '@chakra-ui/react';
import { progressSlotRecipe } from 'chakra-theme/recipes/progress';

/**
 * `Progress.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Progress`.
 */
export function ProgressRoot(props: Progress.RootProps) {
  return <Progress.Root recipe={progressSlotRecipe} {...props} />;
}
