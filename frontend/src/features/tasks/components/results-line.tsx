import { Badge, HStack, Text } from '@chakra-ui/react';
import { ALL_CATEGORIES } from '../constants';
import type { TaskFilters } from '../filters';

/** "{n} tasks found", "(filtered from {total} total)" when a filter is active, badges for search and category. */
export function ResultsLine({ count, total, filters, active }: { count: number; total: number | undefined; filters: TaskFilters; active: boolean }) {
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
      {filters.search.trim() && (
        <Badge colorPalette="purple" variant="subtle">
          Search: {filters.search.trim()}
        </Badge>
      )}
      {filters.category !== ALL_CATEGORIES && (
        <Badge colorPalette="purple" variant="subtle">
          {filters.category}
        </Badge>
      )}
    </HStack>
  );
}
