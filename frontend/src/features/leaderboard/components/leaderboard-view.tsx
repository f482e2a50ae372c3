import { useState } from 'react';
import { Badge, Box, Button, ButtonGroup, Card, EmptyState, Heading, HStack, Progress, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { displayName } from '@/lib/display-name';
import { formatCent } from '@/lib/money';
import { useLeaderboardQuery, type LeaderboardEntry, type LeaderboardSort } from '../api';
import { barPercent, leaderboardTotals, rankTitle } from '../ranking';
import { EmptyStateRoot } from '@/components/ui/empty-state';
import { ProgressRoot } from '@/components/ui/progress';
import { ChainRef } from '@/components/chain-ref';

const MEDAL: Record<number, string> = { 1: 'yellow', 2: 'gray', 3: 'orange' };

/** /leaderboard: Top Earners or Most Active, rank cards with bars, footer stats. */
export function LeaderboardView() {
  const [sort, setSort] = useState<LeaderboardSort>('earned');
  const q = useLeaderboardQuery(sort);
  const entries = q.data ?? [];
  const maxEarned = Math.max(0, ...entries.map((e) => e.totalEarned));
  const maxCompleted = Math.max(0, ...entries.map((e) => e.completedTasks));
  const totals = leaderboardTotals(entries);

  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl">Leaderboard</Heading>
        <Text color="gray.700">Top earners of CENT Tasks</Text>
      </Box>
      <ButtonGroup size="sm" variant="outline" attached>
        <Button aria-pressed={sort === 'earned'} variant={sort === 'earned' ? 'solid' : 'outline'} onClick={() => setSort('earned')}>Top Earners</Button>
        <Button aria-pressed={sort === 'completed'} variant={sort === 'completed' ? 'solid' : 'outline'} onClick={() => setSort('completed')}>Most Active</Button>
      </ButtonGroup>
      {q.isLoading ? (
        <Spinner aria-label="Loading leaderboard" />
      ) : q.isError ? (
        <EmptyStateRoot>
          <EmptyState.Content>
            <EmptyState.Title>Unable to Load Leaderboard</EmptyState.Title>
          </EmptyState.Content>
        </EmptyStateRoot>
      ) : entries.length === 0 ? (
        <EmptyStateRoot>
          <EmptyState.Content>
            <EmptyState.Title>No Rankings Yet</EmptyState.Title>
          </EmptyState.Content>
        </EmptyStateRoot>
      ) : (
        <Stack gap="3" as="ol" aria-label="Rankings">
          {entries.map((e, i) => (
            <RankCard key={e.userId} entry={e} rank={i + 1} maxEarned={maxEarned} maxCompleted={maxCompleted} />
          ))}
        </Stack>
      )}
      {entries.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <FooterStat label="Active Users" value={totals.activeUsers.toLocaleString('en-US')} />
          <FooterStat label="Total CENTS Earned" value={formatCent(totals.totalEarned)} />
          <FooterStat label="Tasks Completed" value={totals.tasksCompleted.toLocaleString('en-US')} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function FooterStat({ label, value }: { label: string; value: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body textAlign="center">
        <Text fontSize="xl" fontWeight="bold">{value}</Text>
        <Text fontSize="sm" color="gray.700">{label}</Text>
      </Card.Body>
    </Card.Root>
  );
}

function RankCard({ entry: e, rank, maxEarned, maxCompleted }: { entry: LeaderboardEntry; rank: number; maxEarned: number; maxCompleted: number }) {
  const name = displayName({ username: e.username, walletAddress: e.walletAddress, id: e.userId });
  return (
    <Card.Root as="li" size="sm" data-testid={`rank-${rank}`}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap">
            {/* Wraps, so a phone puts the wallet under the name instead of breaking the name to fit beside it. */}
            <HStack gap="3" rowGap="1" wrap="wrap">
              <Badge colorPalette={MEDAL[rank] ?? 'purple'} variant="subtle">{rankTitle(rank)}</Badge>
              <Text fontWeight="semibold">{name}</Text>
              {e.walletAddress && <Text as="div" fontSize="sm" color="gray.700"><ChainRef kind="address" value={e.walletAddress} label={`Wallet of ${name}`} /></Text>}
            </HStack>
            <HStack gap="4" fontSize="sm">
              <Text fontWeight="semibold">{formatCent(e.totalEarned)} CENTS</Text>
              <Text>{e.completedTasks} {e.completedTasks === 1 ? 'task' : 'tasks'}</Text>
            </HStack>
          </HStack>
          <Bar label={`${name} earnings`} percent={barPercent(e.totalEarned, maxEarned)} />
          <Bar label={`${name} completed tasks`} percent={barPercent(e.completedTasks, maxCompleted)} palette="green" />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Bar({ label, percent, palette = 'purple' }: { label: string; percent: number; palette?: string }) {
  return (
    <ProgressRoot value={percent} size="xs" colorPalette={palette} aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </ProgressRoot>
  );
}
