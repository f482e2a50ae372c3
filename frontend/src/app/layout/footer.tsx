import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { ExternalLink } from '@/components/ui/external-link';
import { usePublicConfig } from '@/lib/config/config-api';

/** Always present: a social link, a chat link and a whitepaper link (from GET /api/config). */
export function Footer() {
  const config = usePublicConfig();
  return (
    <Box as="footer" bg="gray.900" color="gray.300" mt="16">
      <Flex maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="8" gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <Text>© {new Date().getFullYear()} CENT Tasks. Complete tasks, earn crypto.</Text>
        <HStack as="nav" aria-label="Community" gap="6">
          <ExternalLink href={config?.links.social ?? '#'} color="gray.100">
            Social
          </ExternalLink>
          <ExternalLink href={config?.links.chat ?? '#'} color="gray.100">
            Chat
          </ExternalLink>
          <ExternalLink href={config?.links.whitepaper ?? '#'} color="gray.100">
            Whitepaper
          </ExternalLink>
        </HStack>
      </Flex>
    </Box>
  );
}
