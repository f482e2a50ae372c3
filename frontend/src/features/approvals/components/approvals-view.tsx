import { useState } from 'react';
import { Badge, Box, Button, Card, EmptyState, Heading, HStack, Input, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Pager } from '@/components/pager';
import { ExternalLink } from '@/components/ui/external-link';
import { formatDate } from '@/lib/dates';
import { submissionStatusLook } from '@/lib/submission-status';
import { ReviewDeadlineBadge } from '@/components/review-deadline-badge';
import { useAdminApprovalsQuery, useCreatorApprovalsQuery, CREATOR_POLL_MS, type ApprovalItem } from '../api';
import { adminListQuery, filterApprovals, SEARCH_MAX, TABS, type ApprovalsTab, type StatusFilter } from '../filter';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { TabsRoot } from '@/components/ui/tabs';
import { EmptyStateRoot } from '@/components/ui/empty-state';

const PAGE = 100;
/** The search asks the server once typing pauses this long. */
const SEARCH_SETTLE_MS = 300;

/**
 * /approvals: admins see every submission ("Admin Approvals Dashboard"), searched, filtered and paged on the server;
 * creators the submissions to their own tasks, read at once and re-read every 5 seconds ("My Tasks Submissions").
 */
export function ApprovalsView({
  isAdmin,
  onReview,
  creatorPollMs = CREATOR_POLL_MS,
}: {
  isAdmin: boolean;
  onReview(id: number): void;
  /** 0 while the live stream is up (it invalidates the list on every change); the spec's 5 s otherwise. */
  creatorPollMs?: number;
}) {
  const [tab, setTab] = useState<ApprovalsTab>('pending');
  const [search, setSearch] = useState('');
  // One status control, the tabs (a select beside them could contradict them: "Rejected" tab, "Pending" filter).
  const status: StatusFilter = 'all';
  const settledSearch = useDebouncedValue(search, SEARCH_SETTLE_MS);
  const adminQuery = adminListQuery({ search: settledSearch, status, tab });
  // A new search, filter or tab starts again at the first page.
  const queryKey = JSON.stringify(adminQuery);
  const [page, setPage] = useState({ queryKey, offset: 0 });
  const offset = page.queryKey === queryKey ? page.offset : 0;
  const setOffset = (o: number) => setPage({ queryKey, offset: o });
  const admin = useAdminApprovalsQuery({ ...adminQuery, limit: PAGE, offset }, { skip: !isAdmin || !adminQuery });
  const creator = useCreatorApprovalsQuery(undefined, { skip: isAdmin, pollingInterval: creatorPollMs });
  const q = isAdmin ? admin : creator;
  const shown = isAdmin ? (adminQuery ? admin.data?.submissions ?? [] : []) : filterApprovals(creator.data ?? [], { search, status, tab });
  const body =
    q.isLoading ? (
      <Spinner aria-label="Loading submissions" />
    ) : q.isError && !q.data ? (
      <Text color="red.700">Failed to load submissions.</Text>
    ) : shown.length === 0 ? (
      <EmptyStateRoot>
        <EmptyState.Content>
          <EmptyState.Title>No submissions found</EmptyState.Title>
        </EmptyState.Content>
      </EmptyStateRoot>
    ) : (
      <Stack gap="3">
        {shown.map((s) => <ApprovalCard key={s.id} s={s} onReview={onReview} />)}
      </Stack>
  );

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">{isAdmin ? 'Admin Approvals Dashboard' : 'My Tasks Submissions'}</Heading>
      <HStack gap="3" wrap="wrap">
        <Input flex="1" minW="56" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={SEARCH_MAX} placeholder="Search by task title or notes..." aria-label="Search submissions" />
      </HStack>
      <TabsRoot value={tab} onValueChange={(e) => setTab(e.value as ApprovalsTab)} variant="line">
        <Tabs.List flexWrap="wrap">
          {TABS.map((t) => <Tabs.Trigger key={t.value} value={t.value}>{t.label}</Tabs.Trigger>)}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            {t.value === tab && body}
          </Tabs.Content>
        ))}
      </TabsRoot>
      {isAdmin && adminQuery && admin.data && (
        <Pager label="Submission pages" offset={offset} limit={PAGE} total={admin.data.page.totals.submissions} onOffset={setOffset} />
      )}
    </Stack>
  );
}

function ApprovalCard({ s, onReview }: { s: ApprovalItem; onReview(id: number): void }) {
  const status = s.status ?? 'pending';
  return (
    <Card.Root size="sm" data-testid={`approval-${s.id}`}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="sm">{s.taskTitle || `Task #${s.taskId}`}</Heading>
            <HStack gap="2" wrap="wrap">
              <ReviewDeadlineBadge status={status} reviewDeadline={s.reviewDeadline} reviewFlag={s.reviewFlag} reviewedBySystem={s.reviewedBySystem} audience="reviewer" />
              <Badge colorPalette={submissionStatusLook(status).color}>{submissionStatusLook(status).label}</Badge>
            </HStack>
          </HStack>
          <HStack gap="2" fontSize="sm" color="gray.700" wrap="wrap">
            <Text>{formatDate(s.createdAt)}</Text>
            {s.proofLink && <Badge variant="outline">Link</Badge>}
            {s.proofText && <Badge variant="outline">Text</Badge>}
            {s.proofFileUrl && <Badge variant="outline">File</Badge>}
          </HStack>
          {/* The proof itself, so a reviewer can triage the list without opening each one. */}
          {s.proofText && (
            <Text fontSize="sm" lineClamp={3} whiteSpace="pre-wrap" borderLeftWidth="3px" borderColor="purple.200" ps="2" data-testid="proof-text">
              {s.proofText}
            </Text>
          )}
          {s.proofLink && (
            <ExternalLink href={s.proofLink} fontSize="sm" color="purple.700" textDecoration="underline" wordBreak="break-all">
              {s.proofLink}
            </ExternalLink>
          )}
          {s.proofFileUrl && (
            <ExternalLink href={s.proofFileUrl} fontSize="sm" color="purple.700" textDecoration="underline">
              Open the proof file
            </ExternalLink>
          )}
          {s.notes && <Text fontSize="sm" color="gray.700">Notes: {s.notes}</Text>}
          <HStack gap="4" fontSize="sm" color="gray.700" wrap="wrap">
            <Text>Submitted by User #{s.userId}</Text>
            {s.reviewedBySystem ? <Text>Decided automatically (review deadline)</Text> : s.reviewedBy != null && <Text>Reviewed by User #{s.reviewedBy}</Text>}
          </HStack>
          <Box>
            <Button size="sm" variant={status === 'pending' ? 'solid' : 'outline'} onClick={() => onReview(s.id)}>
              {status === 'pending' ? 'Review Submission' : 'View Details'}
            </Button>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
