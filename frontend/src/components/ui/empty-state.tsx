import { EmptyState } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from 'chakra-theme/recipes/empty-state';

/**
 * `EmptyState.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `EmptyState`.
 */
export function EmptyStateRoot(props: EmptyState.RootProps) {
  return <EmptyState.Root recipe={emptyStateSlotRecipe} {...props} />;
}
