import { Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatCent } from '@/lib/money';
import type { AdminOverview } from '../types';
import { SubmissionsTable } from './submissions-table';
import { FigureCard } from './figure-card';

/** Overview: the four figure cards, the 5 recent submissions, and tasks per category. */
export function OverviewTab({ overview: o, onReview }: { overview: AdminOverview; onReview(id: number): void }) {
  const maxCategory = Math.max(1, ...o.tasksPerCategory.map((c) => c.count));
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <FigureCard label="Total Users" value={o.users.total.toLocaleString('en-US')} help={`${o.users.withWallet.toLocaleString('en-US')} with wallets`} />
        <FigureCard label="Total Tasks" value={o.tasks.total.toLocaleString('en-US')} help={`${o.tasks.categories} categories`} />
        <FigureCard
          label="Total Submissions"
          value={o.submissions.total.toLocaleString('en-US')}
          help={`${o.submissions.pending} pending, ${o.submissions.approved} approved, ${o.submissions.rejected} rejected`}
        />
        <FigureCard label="CENTS Paid Out" value={formatCent(o.rewards.paidOut)} help={`of ${formatCent(o.rewards.totalRewards)} CENTS total rewards`} />
      </SimpleGrid>
      <Box>
        <Heading as="h2" size="md" mb="2">Recent Submissions</Heading>
        <SubmissionsTable rows={o.recentSubmissions} onReview={onReview} label="Recent submissions" />
      </Box>
      <Box>
        <Heading as="h2" size="md" mb="2">Tasks per Category</Heading>
        <Stack gap="2" role="list" aria-label="Tasks per category">
          {o.tasksPerCategory.map((c) => (
            <HStack key={c.category} gap="3" role="listitem">
              <Text w="32" flexShrink={0} fontSize="sm">{c.category}</Text>
              <Box flex="1" bg="gray.200" borderRadius="sm" h="3" aria-hidden>
                <Box bg="purple.600" h="3" borderRadius="sm" width={`${Math.min(100, Math.round((c.count / maxCategory) * 100))}%`} />
              </Box>
              <Text w="12" textAlign="right" fontSize="sm">{c.count}</Text>
            </HStack>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
