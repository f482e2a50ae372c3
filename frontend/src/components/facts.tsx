import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';

/** Label / value pairs as a definition list: two columns on a wide screen, stacked on a phone. */
export function Facts({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box as="dl" aria-label={label} display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} columnGap="4" rowGap={{ base: '0.5', md: '2' }}
      fontSize="sm" bg="white" borderWidth="1px" borderRadius="md" p="4">
      {children}
    </Box>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box as="dt" color="gray.700" mt={{ base: '2', md: '0' }}>{label}</Box>
      <Box as="dd" minW="0" overflowWrap="anywhere" data-fact={label}>{children}</Box>
    </>
  );
}
