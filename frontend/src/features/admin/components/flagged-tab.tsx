import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, EmptyState, Grid, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { ReviewEvidencePanel } from '@/components/review-evidence';
import { EmptyStateRoot } from '@/components/ui/empty-state';
import { useAppNow } from '@/lib/app-clock';
import { formatDateTime } from '@/lib/dates';
import { formatCent } from '@/lib/money';
import { useReviewQueueQuery, type FlaggedSubmission } from '../api';
import { secondsLeft } from './appeals-tab';

/** New flags arrive without anyone here acting (the spam check runs when a proof is sent): the queue is read again this often. */
const QUEUE_POLL_MS = 30_000;
/** Less than this left until the cut-off, the time left shows in red. */
const URGENT_SECONDS = 6 * 3600;

export interface FlaggedTabProps {
  /** Opens a submission in the review dialog (the flagged one, or one its evidence points at). */
  onReview(submissionId: number): void;
  /** The decision buttons, composed by the page (the review feature's Approve / Reject). */
  actions?(item: FlaggedSubmission): ReactNode;
}

/**
 * Issue 22: the admins' queue of submissions the spam guard flagged (GET /api/admin/review-queue), soonest cut-off
 * first: the task, who sent it (name, full wallet with copy and explorer link), the validator's evidence, the time
 * left until the cut-off (unreviewed by then, it is rejected with the reason) and the decision.
 */
export function FlaggedTab({ onReview, actions }: FlaggedTabProps) {
  const q = useReviewQueueQuery(undefined, { pollingInterval: QUEUE_POLL_MS });
  if (q.isLoading) return <Spinner aria-label="Loading flagged submissions" />;
  if (q.isError || !q.data) {
    return (
      <Stack gap="2" align="flex-start">
        <Text color="red.700">Failed to load flagged submissions.</Text>
        <Button size="sm" variant="outline" onClick={() => void q.refetch()}>Try again</Button>
      </Stack>
    );
  }
  return <FlaggedList items={q.data.items} onReview={onReview} actions={actions} />;
}

export function FlaggedList({ items, onReview, actions }: { items: FlaggedSubmission[] } & FlaggedTabProps) {
  if (!items.length) {
    return (
      <EmptyStateRoot>
        <EmptyState.Content>
          <EmptyState.Title>No flagged submissions</EmptyState.Title>
          <EmptyState.Description>Submissions the spam guard flags (duplicate proof, sybil signals, high risk) wait here for an admin.</EmptyState.Description>
        </EmptyState.Content>
      </EmptyStateRoot>
    );
  }
  return (
    <Stack gap="3">
      <Text color="gray.700" fontSize="sm">
        {items.length === 1 ? '1 flagged submission' : `${items.length} flagged submissions`}, soonest cut-off first. Never approved
        automatically: unreviewed at the task&apos;s review cut-off, each is rejected with its reason.
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Flagged submissions">
        {items.map((item) => <FlaggedCard key={item.submissionId} item={item} onReview={onReview} actions={actions} />)}
      </Stack>
    </Stack>
  );
}

function FlaggedCard({ item: f, onReview, actions }: { item: FlaggedSubmission } & FlaggedTabProps) {
  const now = useAppNow();
  const left = Math.max(0, Math.floor((Date.parse(f.decideBy) - now.getTime()) / 1000));
  const name = f.username ?? `User ${f.userId}`;
  return (
    <Card.Root as="li" size="sm" aria-label={`Submission #${f.submissionId} on ${f.taskTitle}`}>
      <Card.Body>
        {/* Side by side on a wide screen; on a phone one column: the card, never a wide table. */}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(16rem, 2fr)' }} gap="4">
          <Stack gap="3" minW="0">
            <Box>
              <Text fontWeight="semibold" overflowWrap="anywhere">{f.taskTitle} · submission #{f.submissionId}</Text>
              <HStack gap="2" wrap="wrap" fontSize="sm" color="gray.700">
                <Text>Task #{f.taskId}</Text>
                <Badge variant="outline">{formatCent(f.reward)} CENTS</Badge>
                <Text>Flagged {formatDateTime(f.flaggedAt)}</Text>
              </HStack>
            </Box>
            <Stack gap="0.5" fontSize="sm" minW="0">
              <Text><Text as="span" color="gray.700">Submitted by </Text><Text as="span" fontWeight="medium">{name}</Text> (User #{f.userId})</Text>
              {f.walletAddress
                ? <ChainRef kind="address" value={f.walletAddress} full label="Submitter's wallet" />
                : <Text color="gray.700">No wallet linked</Text>}
            </Stack>
            <ReviewEvidencePanel evidence={f.evidence} onOpenSubmission={onReview} />
          </Stack>
          <Stack gap="3" minW="0">
            <Box>
              <Text fontWeight="semibold" color={left < URGENT_SECONDS ? 'red.700' : undefined}>{secondsLeft(left)}</Text>
              <Text fontSize="xs" color="gray.700">until the review cut-off, {formatDateTime(f.decideBy)}</Text>
            </Box>
            <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => onReview(f.submissionId)}>Open submission</Button>
            {actions?.(f)}
          </Stack>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}
