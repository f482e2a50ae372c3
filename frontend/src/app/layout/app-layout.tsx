import { Box, Flex } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { UsernamePrompt } from '@/features/auth/components/username-prompt';
import { Footer } from './footer';
import { Header } from './header';
import { UrlDialogs } from './url-dialogs';

export function AppLayout() {
  // A new page starts at the top (dialogs change only the query string, which keeps the scroll position).
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Box as="main" flex="1" w="full" maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Outlet />
      </Box>
      <Footer />
      <UrlDialogs />
      <UsernamePrompt />
    </Flex>
  );
}
