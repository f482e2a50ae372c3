import { Box, Flex } from '@chakra-ui/react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Box as="main" flex="1" w="full" maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Outlet />
      </Box>
      <Footer />
      <ScrollRestoration />
    </Flex>
  );
}
