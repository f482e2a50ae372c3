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

type ShellProps = Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> & { open?: boolean; onClose(): void; children: ReactNode };

/**
 * What every dialog of the app is made of: a `DialogRoot` (open unless `open` says otherwise) whose closing
 * (Escape, the backdrop, a close trigger) calls `onClose`, its backdrop and the content box holding `children`.
 * Root props (size, placement, scrollBehavior, ...) pass through.
 */
export function DialogShell({ open = true, onClose, children, ...root }: ShellProps) {
  return (
    <DialogRoot open={open} onOpenChange={(e) => !e.open && onClose()} {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}

/** A DialogShell with the app's close button after the children (header, body, footer). */
export function DialogFrame({ children, ...shell }: ShellProps) {
  return (
    <DialogShell {...shell}>
      {children}
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </DialogShell>
  );
}
