import { Table } from '@chakra-ui/react';
import { tableSlotRecipe } from 'chakra-theme/recipes/table';

/**
 * `Table.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Table`.
 */
export function TableRoot(props: Table.RootProps) {
  return <Table.Root recipe={tableSlotRecipe} {...props} />;
}
