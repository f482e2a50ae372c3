import type { ReactNode } from 'react';
import { Box, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { NavLinks } from './nav-links';
import { DrawerRoot } from '@/components/ui/drawer';

/** The header's links and account actions in a drawer (small screens). Loaded when first opened. */
export function MobileMenu({ open, onClose, account }: { open: boolean; onClose(): void; account: ReactNode }) {
  return (
    <DrawerRoot open={open} onOpenChange={(e) => !e.open && onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Box as="nav" aria-label="Mobile">
                <NavLinks direction="column" gap="2" onNavigate={onClose} />
              </Box>
              <Stack mt="6" gap="3" align="flex-start">
                {account}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </DrawerRoot>
  );
}
