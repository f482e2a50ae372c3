import { Badge, Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { activeFilterChips, clearedFilters } from '../filter-chips';
import type { TaskFilters } from '../filters';

/** The active filters as removable chips, with "Clear all" (shown whenever a filter hides tasks). */
export function FilterChips({ filters, onChange }: { filters: TaskFilters; onChange(change: Partial<TaskFilters>): void }) {
  const chips = activeFilterChips(filters);
  if (chips.length === 0) return null;
  return (
    <HStack as="ul" aria-label="Active filters" listStyleType="none" gap="2" wrap="wrap" m="0" p="0">
      {chips.map((c) => (
        // A chip is one line (a badge does not wrap): a long search text is cut with an ellipsis, whole in its title.
        <Box as="li" key={c.key} maxW="full" minW="0">
          <Badge colorPalette="purple" variant="subtle" size="lg" pe="0.5" gap="1" maxW="full" data-testid={`filter-chip-${c.key}`}>
            <Text as="span" truncate title={c.label}>{c.label}</Text>
            <IconButton aria-label={`Remove filter ${c.label}`} size="2xs" variant="ghost" minW="5" h="5" onClick={() => onChange(c.clear)}>
              <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </IconButton>
          </Badge>
        </Box>
      ))}
      <li>
        <Button size="xs" variant="ghost" onClick={() => onChange(clearedFilters(filters))}>
          Clear all
        </Button>
      </li>
    </HStack>
  );
}
