import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { CreatorRecordLineText } from '@/components/creator-record';
import { LinkifiedText } from '@/components/linkified-text';
import { formatDeadline } from '@/lib/dates';
import { formatCent } from '@/lib/money';
import type { Task } from '@/types/api';
import { cardState, progressPercent } from '../card-state';
import { ProgressBar } from '@/components/ui/progress-bar';

const STATE_COLORS = { completed: 'green', full: 'red', 'almost-full': 'orange', open: 'purple' } as const;
// Darker than the recipe's solid/subtle colours: small badge text passes WCAG AA contrast (axe in the journeys).
const STATE_BADGES = {
  completed: { bg: 'green.700', color: 'white' },
  full: { bg: 'red.100', color: 'red.800' },
  'almost-full': { bg: 'orange.100', color: 'orange.800' },
  open: {},
} as const;

/** Spec part 1 "Task card" in its four display states. */
export function TaskCard({ task, onOpen }: { task: Task; onOpen(id: number): void }) {
  const state = cardState(task);
  const percent = progressPercent(task);
  const done = state.kind === 'completed';
  return (
    // Compact on a phone (smaller padding, two lines of description, the three facts side by side): more tasks per screen.
    <Card.Root as="article" aria-label={task.title} h="full" data-state={state.kind} size={{ base: 'sm', md: 'md' }}>
      <Card.Body gap={{ base: '2', md: '3' }}>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Badge colorPalette="purple" variant="subtle">
            {task.category}
          </Badge>
          {state.kind !== 'open' && (
            <Badge {...STATE_BADGES[state.kind]}>
              {state.label}
            </Badge>
          )}
        </HStack>
        <Text as="h3" fontSize={{ base: 'md', md: 'lg' }} fontWeight="semibold" lineClamp={2}>
          {task.title}
        </Text>
        <CreatorRecordLineText line={task.creatorRecord} mt="-2" />
        <Text color="gray.600" fontSize="sm" lineClamp={{ base: 2, md: 3 }}>
          <LinkifiedText text={task.description} />
        </Text>
        <Stack gap="1" fontSize="sm" mt="auto" direction={{ base: 'row', md: 'column' }} justify="space-between">
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="0">
            <Text color="gray.600">Reward</Text>
            <Text fontWeight="bold" color="purple.700">
              {formatCent(task.reward)} CENTS
            </Text>
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="0">
            <Text color="gray.600">Est. time</Text>
            <Text>{task.estimatedTime} min</Text>
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="0" textAlign={{ base: 'end', md: 'start' }}>
            <Text color="gray.600">Deadline</Text>
            <Text>{formatDeadline(task.deadline)}</Text>
          </Stack>
        </Stack>
        <Box>
          <ProgressBar
            value={percent}
            color={STATE_COLORS[state.kind]}
            label={`${task.completions} of ${task.maxCompletions} completions approved`}
            pulse={state.kind === 'almost-full'}
          />
          <Text fontSize="xs" color="gray.600" mt="1">
            {task.completions}/{task.maxCompletions} completed · {Math.max(0, task.maxCompletions - task.totalSubmissions)} slots remaining
          </Text>
        </Box>
      </Card.Body>
      <Card.Footer>
        <Button w="full" size={{ base: 'sm', md: 'md' }} disabled={done} variant={done ? 'subtle' : 'solid'} onClick={() => onOpen(task.id)}>
          {done ? 'Task Complete' : 'View Details'}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
