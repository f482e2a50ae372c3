import { Tabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from 'chakra-theme/recipes/tabs';

/**
 * `Tabs.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Tabs`.
 */
export function TabsRoot(props: Tabs.RootProps) {
  return <Tabs.Root recipe={tabsSlotRecipe} {...props} />;
}
