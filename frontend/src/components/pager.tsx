import { Button, HStack, Text } from '@chakra-ui/react';

/** Previous / next through a list the server pages with limit + offset: "1–100 of 100,000". */
export function Pager({ offset, limit, total, onOffset, label }: { offset: number; limit: number; total: number; onOffset(o: number): void; label: string }) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <HStack justify="space-between" wrap="wrap" gap="2" aria-label={label} role="navigation">
      <Text fontSize="sm" color="gray.700">
        {total === 0 ? 0 : offset + 1}–{last} of {total.toLocaleString('en-US')}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={last >= total} onClick={() => onOffset(offset + limit)}>
          Next
        </Button>
      </HStack>
    </HStack>
  );
}
