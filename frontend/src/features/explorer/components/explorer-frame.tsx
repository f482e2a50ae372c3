import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePublicConfig } from '@/lib/config/config-api';
import { searchTarget } from '../search';

/** Every explorer page: where it is (the chain), a search box, the page's own heading and content. */
export function ExplorerFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = searchTarget(query);
    setInvalid(!target);
    if (target) navigate(target);
  };
  return (
    <Stack gap="5">
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <Text fontSize="sm" color="gray.700">
          <Link asChild color="purple.700" fontWeight="semibold">
            <RouterLink to="/explorer">Explorer</RouterLink>
          </Link>
          {config && ` · ${config.chainName} (chain id ${config.chainId})`}
        </Text>
        <Box as="form" role="search" onSubmit={submit} w={{ base: 'full', md: 'md' }}>
          <HStack gap="2">
            <Input type="search" size="sm" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Tx hash, address or block number"
              aria-label="Search by transaction hash, address or block number" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'explorer-search-error' : undefined} />
            <Button type="submit" size="sm">Search</Button>
          </HStack>
          {invalid && <Text id="explorer-search-error" fontSize="xs" color="red.700" mt="1">Enter a 0x transaction hash (64 hex digits), an address (40 hex digits) or a block number.</Text>}
        </Box>
      </Stack>
      <Heading as="h1" size="xl" wordBreak="break-all">{title}</Heading>
      {children}
    </Stack>
  );
}
