import { Heading, Stack, Text } from '@chakra-ui/react';

export function TasksPage() {
  return (
    <Stack gap="2">
      <Text color="purple.700" fontWeight="semibold">
        Earn Cryptocurrency
      </Text>
      <Heading as="h1" size="2xl">
        Available Tasks
      </Heading>
    </Stack>
  );
}

export const Component = TasksPage;
