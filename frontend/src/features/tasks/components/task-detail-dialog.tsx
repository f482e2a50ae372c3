import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Box, Button, Card, Dialog, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { CreatorRecordFacts } from '@/components/creator-record';
import { LinkifiedText } from '@/components/linkified-text';
import { ExternalLink } from '@/components/ui/external-link';
import { formatDate, formatDeadline } from '@/lib/dates';
import { formatCent } from '@/lib/money';
import type { Task } from '@/types/api';
import { progressPercent } from '../card-state';
import { SUBMISSION_TYPE_LABELS } from '../constants';
import { tweetIntent } from '../share';
import { DialogFrame } from '@/components/ui/dialog';
import { ProgressBar } from '@/components/ui/progress-bar';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card.Root size="sm" variant="subtle">
      <Card.Body gap="1">
        <Text fontSize="xs" color="gray.600" textTransform="uppercase" letterSpacing="wide">
          {label}
        </Text>
        <Text fontWeight="bold">{value}</Text>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Spec part 1 "Task detail dialog". What the bottom area shows (Submit Proof, already submitted, Connect
 * Wallet, Task is full) and the viewer's own status badge come from the page that composes it.
 */
export function TaskDetailDialog({
  task,
  isLoading,
  failed,
  onClose,
  statusBadge,
  children,
}: {
  task: Task | undefined;
  isLoading: boolean;
  failed: boolean;
  onClose(): void;
  statusBadge?: ReactNode;
  children?: ReactNode;
}) {
  const percent = task ? progressPercent(task) : 0;
  return (
    <DialogFrame onClose={onClose} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" placement="center">
      {!task ? (
        <>
          <Dialog.Header>
            <Dialog.Title>{isLoading ? 'Loading task' : 'Task'}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            {isLoading ? (
              <Spinner aria-label="Loading task" />
            ) : (
              <Text role="alert">{failed ? 'Failed to fetch task' : 'Task not found'}</Text>
            )}
          </Dialog.Body>
        </>
      ) : (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="2" pe="12">
            <Dialog.Title fontSize="2xl">{task.title}</Dialog.Title>
            <HStack gap="3" wrap="wrap">
              <Text fontSize="sm" color="gray.600">
                Created {formatDate(task.createdAt)}
              </Text>
              {statusBadge}
              <Button asChild size="xs" variant="outline">
                <ExternalLink href={tweetIntent(window.location.origin, task)} _hover={{ textDecoration: 'none' }}>
                  Share
                </ExternalLink>
              </Button>
              {/* Anyone can check the escrow on chain against what the app claims (the public audit page). */}
              <Button asChild size="xs" variant="outline">
                <Link to={`/tasks/${task.id}/escrow`}>View escrow</Link>
              </Button>
            </HStack>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="6">
              <Box>
                <Badge colorPalette="purple">{task.category}</Badge>
              </Box>
              <SimpleGrid columns={3} gap="3">
                <Stat label="Reward" value={`${formatCent(task.reward)} CENTS`} />
                <Stat label="Est. Time" value={`${task.estimatedTime} minutes`} />
                <Stat label="Deadline" value={formatDeadline(task.deadline)} />
              </SimpleGrid>
              <TextSection title="Description" text={task.description} />
              <TextSection title="Requirements" text={task.requirements} />
              <Stack gap="2">
                <Heading as="h3" size="md">
                  Submission Information
                </Heading>
                <Text color="gray.700">Submission type: {SUBMISSION_TYPE_LABELS[task.submissionType] ?? task.submissionType}</Text>
                <ProgressBar value={percent} label={`${task.completions} of ${task.maxCompletions} completions`} />
                <Text fontSize="sm" color="gray.600">
                  {task.completions} / {task.maxCompletions} completions
                </Text>
              </Stack>
              <Stack gap="2">
                <Heading as="h3" size="md">
                  About the creator
                </Heading>
                <Button asChild size="xs" variant="outline" alignSelf="flex-start">
                  <Link to={`/users/${task.creatorId}`}>View the creator's profile</Link>
                </Button>
                <CreatorRecordFacts userId={task.creatorId} />
              </Stack>
              {children && <Box borderTopWidth="1px" pt="5">{children}</Box>}
            </Stack>
          </Dialog.Body>
        </>
      )}
    </DialogFrame>
  );
}

/** A titled block of the creator's text, its line breaks kept and its links clickable. */
function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <Text whiteSpace="pre-wrap" color="gray.700">
        <LinkifiedText text={text} />
      </Text>
    </Stack>
  );
}
