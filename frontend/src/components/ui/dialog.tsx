import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { toastRegion } from './toaster';
import { dialogSlotRecipe } from 'chakra-theme/recipes/dialog';

/**
 * Chakra's `full` size sets min-height, margin and radius that its boxed sizes never reset, so a responsive
 * `size={{ base: 'full', md: 'lg' }}` stayed full height, square and glued to the top on desktop. The boxed
 * sizes reset them here.
 */
const unFull = { minH: 'auto', '--dialog-margin': 'initial', borderRadius: 'l3' } as const;
const sizes = dialogSlotRecipe.variants!.size!;
const boxed = <T extends { content: object }>(size: T): T => ({ ...size, content: { ...size.content, ...unFull } });
const recipe: typeof dialogSlotRecipe = {
  ...dialogSlotRecipe,
  variants: {
    ...dialogSlotRecipe.variants!,
    size: { ...sizes, xs: boxed(sizes.xs), sm: boxed(sizes.sm), md: boxed(sizes.md), lg: boxed(sizes.lg), xl: boxed(sizes.xl) },
  },
};

/**
 * `Dialog.Root` with its recipe attached here instead of in the app's system (src/app/system.ts): its styles
 * then load with the lazy chunk that renders it, not in the entry bundle. Use the other parts from `Dialog`.
 * Toasts stay usable while it is open (`toastRegion`).
 */
export function DialogRoot(props: Dialog.RootProps) {
  return <Dialog.Root recipe={recipe} {...props} persistentElements={[toastRegion, ...(props.persistentElements ?? [])]} />;
}

/**
 * The frame the app's dialogs share: an open `DialogRoot` whose closing (Escape, the backdrop, the close
 * button) calls `onClose`, its backdrop, the content box with `children` (header, body, footer) and the close
 * button after them. Root props (size, placement, scrollBehavior, ...) pass through.
 */
export function DialogFrame({ onClose, children, ...root }: Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> & { onClose(): void; children: ReactNode }) {
  return (
    <DialogRoot open onOpenChange={(e) => !e.open && onClose()} {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
