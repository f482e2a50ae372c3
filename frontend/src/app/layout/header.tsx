import { lazy, Suspense, useState } from 'react';
import { Box, Button, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { WalletSignInButton } from '@/features/auth/components/wallet-sign-in-button';
import { useAuth } from '@/lib/auth/auth-context';
import { CreateTaskButton } from './create-task-button';
import { NavLinks } from './nav-links';

// Menus are separate chunks: a visitor's first paint needs neither (entry bundle budget, TOOLCHAIN.md).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const WalletChip = lazy(() => import('./wallet-chip').then((m) => ({ default: m.WalletChip })));
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })));

function Logo() {
  return (
    <Link asChild fontWeight="bold" fontSize="xl" color="purple.700" whiteSpace="nowrap" flexShrink={0} _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/">
        <Box as="span" aria-hidden="true" bg="purple.600" color="white" rounded="full" w="8" h="8" display="inline-flex" alignItems="center" justifyContent="center" fontSize="md">
          ¢
        </Box>
        CENT Tasks
      </RouterLink>
    </Link>
  );
}

/** The global header (spec part 2 "Navigation and footer"); the mobile menu mirrors it. */
export function Header() {
  const { user, isLoading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const account = isLoading ? null : user ? (
    <>
      <CreateTaskButton />
      <Suspense>
        <WalletChip />
      </Suspense>
      <Suspense fallback={<Box w="10" />}>
        <NotificationBell />
      </Suspense>
      <Suspense fallback={<Box w="24" />}>
        <UserMenu user={user} />
      </Suspense>
    </>
  ) : (
    // One way in (spec part 2: "Logged out: the wallet button"); password sign-in is in its dialog.
    <WalletSignInButton />
  );
  return (
    <Box as="header" bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Flex maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} h="16" align="center" justify="space-between" gap="4">
        <Logo />
        <Box as="nav" aria-label="Main" display={{ base: 'none', lg: 'block' }}>
          <NavLinks direction="row" gap="1" />
        </Box>
        <HStack gap="2" display={{ base: 'none', lg: 'flex' }}>
          {account}
        </HStack>
        <Button
          variant="ghost"
          display={{ base: 'inline-flex', lg: 'none' }}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <Text as="span" fontSize="xl" aria-hidden="true">
            ☰
          </Text>
        </Button>
        {menuLoaded && (
          <Suspense>
            <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} account={account} />
          </Suspense>
        )}
      </Flex>
    </Box>
  );
}
