import { Heading, Stack, Text } from '@chakra-ui/react';

/** A page whose screen is still being built (issue 13 replaces these). */
export function PlaceholderPage({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="gray.600">{subtitle}</Text>
    </Stack>
  );
}
