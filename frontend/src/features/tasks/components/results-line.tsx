import { HStack, Text } from '@chakra-ui/react';

/**
 * "{n} tasks found" and "(filtered from {total} total)" when a filter is active. The spec's badges for the search
 * text and the category are chips beside it now (FilterChips), with every other active filter.
 */
export function ResultsLine({ count, total, active }: { count: number; total: number | undefined; active: boolean }) {
  return (
    <HStack gap="2" wrap="wrap" role="status" aria-live="polite">
      <Text fontWeight="medium">
        {count} {count === 1 ? 'task' : 'tasks'} found
        {active && total !== undefined && (
          <Text as="span" color="gray.600" fontWeight="normal">
            {' '}
            (filtered from {total} total)
          </Text>
        )}
      </Text>
    </HStack>
  );
}
