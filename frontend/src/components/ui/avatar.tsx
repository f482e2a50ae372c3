import { Avatar } from '@chakra-ui/react';
import { avatarSlotRecipe } from 'chakra-theme/recipes/avatar';

/**
 * `Avatar.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Avatar`.
 */
export function AvatarRoot(props: Avatar.RootProps) {
  return <Avatar.Root recipe={avatarSlotRecipe} {...props} />;
}
