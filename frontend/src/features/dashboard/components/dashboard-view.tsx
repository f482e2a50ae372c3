import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, EmptyState, Heading, HStack, SimpleGrid, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { PayoutStatus } from '@/components/payout-status';
import { formatDate, formatDeadline } from '@/lib/dates';
import { formatCent } from '@/lib/money';
import { taskStatusBadge } from '@/lib/task-status';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { Task } from '@/types/api';
import { useDashboardQuery, type DashboardData } from '../api';
import { dashboardStats, proofType, statusOf } from '../stats';
import { StatCard } from './stat-card';
import { StatusBadge } from './status-badge';
import { TabsRoot } from '@/components/ui/tabs';
import { EmptyStateRoot } from '@/components/ui/empty-state';

interface Props {
  /** Opens the review dialog for a submission (the page composes the review feature). */
  onReview(submissionId: number): void;
  /** What the page shows under a created task besides its submissions (refund, escrow link). */
  taskExtras?(task: Task): ReactNode;
  /** The action beside a created task's status badge (Fund, for a task awaiting funding). */
  taskAction?(task: Task): ReactNode;
  /** Shown under the page heading (the creator's tasks awaiting funding). */
  banner?: ReactNode;
}

/** /dashboard: stats, the user's submissions, the tasks they created with their submissions. */
export function DashboardView({ onReview, taskExtras, taskAction, banner }: Props) {
  const q = useDashboardQuery();
  const wallet = useWallet();
  if (q.isLoading) return <Spinner aria-label="Loading dashboard" />;
  if (!q.data) {
    return (
      <Stack gap="3" align="start">
        <Heading as="h1" size="2xl">Error Loading Dashboard</Heading>
        <Text>We encountered an error while loading your dashboard data.</Text>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Stack>
    );
  }
  const stats = dashboardStats(q.data);
  return (
    <Stack gap="6">
      <HStack justify="space-between" align="start" wrap="wrap" gap="4">
        <Box>
          <Heading as="h1" size="2xl">Dashboard</Heading>
          <Text color="gray.700">Track your tasks, submissions, and earnings</Text>
        </Box>
        {wallet.isConnected ? (
          <Box textAlign={{ md: 'right' }}>
            <Text fontWeight="semibold" color="green.700">Wallet Connected</Text>
            <Text fontSize="sm">{formatCent(stats.totalEarnings)} CENTS earned</Text>
          </Box>
        ) : (
          <Button onClick={() => void wallet.connect().catch(() => undefined)} loading={wallet.isConnecting}>Connect Wallet</Button>
        )}
      </HStack>
      {banner}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <StatCard label="Total Submissions" value={stats.totalSubmissions} help={`${stats.approved} approved, ${stats.pending} pending`} />
        <StatCard label="Tasks Created" value={stats.tasksCreated} help={`${stats.totalCompletions} total completions`} />
        <StatCard label="Total Earnings" value={`${formatCent(stats.totalEarnings)} CENTS`} />
      </SimpleGrid>
      <TabsRoot defaultValue="submissions" variant="enclosed" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="submissions">My Submissions</Tabs.Trigger>
          <Tabs.Trigger value="tasks">My Created Tasks</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="submissions">
          <MySubmissions data={q.data} onReview={onReview} />
        </Tabs.Content>
        <Tabs.Content value="tasks">
          <MyTasks data={q.data} onReview={onReview} taskExtras={taskExtras} taskAction={taskAction} />
        </Tabs.Content>
      </TabsRoot>
    </Stack>
  );
}

function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyStateRoot>
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        {children}
      </EmptyState.Content>
    </EmptyStateRoot>
  );
}

function MySubmissions({ data, onReview }: { data: DashboardData; onReview(id: number): void }) {
  if (data.submissions.length === 0) return <Empty title="No Submissions Yet" />;
  return (
    <Stack gap="3">
      {data.submissions.map((s) => (
        <Card.Root key={s.id} size="sm" data-testid={`my-submission-${s.id}`}>
          <Card.Body>
            <Stack gap="2">
              <HStack justify="space-between" wrap="wrap">
                <Text fontWeight="semibold">{s.task.title || `Task #${s.taskId}`}</Text>
                <StatusBadge status={s.status} />
              </HStack>
              <HStack gap="3" fontSize="sm" color="gray.700" wrap="wrap">
                {proofType(s) && <Badge variant="outline">{proofType(s)}</Badge>}
                <Text>{formatCent(s.task.reward)} CENTS</Text>
                <Text>Submitted {formatDate(s.createdAt)}</Text>
              </HStack>
              {statusOf(s) === 'approved' && <PayoutStatus submission={s} />}
              <Box>
                <Button size="xs" variant="outline" onClick={() => onReview(s.id)}>View Details</Button>
              </Box>
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

function MyTasks({ data, onReview, taskExtras, taskAction }: { data: DashboardData; onReview(id: number): void; taskExtras?: Props['taskExtras']; taskAction?: Props['taskAction'] }) {
  const navigate = useNavigate();
  if (data.createdTasks.length === 0) {
    return (
      <Empty title="No Tasks Created">
        <Button onClick={() => navigate('/tasks')}>Create a Task</Button>
      </Empty>
    );
  }
  return (
    <Stack gap="4">
      {data.createdTasks.map((t) => {
        const status = taskStatusBadge(t, 'Inactive');
        return (
        <Card.Root key={t.id} data-testid={`my-task-${t.id}`}>
          <Card.Body>
            <Stack gap="3">
              <HStack justify="space-between" wrap="wrap">
                <Heading as="h2" size="md">{t.title}</Heading>
                <HStack gap="2">
                  <Badge colorPalette={status.palette} data-testid="task-status">{status.label}</Badge>
                  {status.needsFunding && taskAction?.(t)}
                </HStack>
              </HStack>
              <HStack gap="3" fontSize="sm" color="gray.700" wrap="wrap">
                <Badge>{t.category}</Badge>
                <Text>{formatCent(t.reward)} CENTS</Text>
                <Text>{t.completions} / {t.maxCompletions} completions</Text>
                <Text>Deadline {formatDeadline(t.deadline)}</Text>
              </HStack>
              {taskExtras?.(t)}
              {t.submissions.length > 0 && (
                <Stack gap="2" borderTopWidth="1px" pt="3">
                  {t.submissions.map((s) => (
                    <HStack key={s.id} justify="space-between" wrap="wrap" fontSize="sm" gap="2">
                      <HStack gap="2" wrap="wrap" minW="0">
                        <Text fontWeight="medium">#{s.id}</Text>
                        <Text color="gray.700">{formatDate(s.createdAt)}</Text>
                        {s.notes && <Text truncate maxW="60">{s.notes}</Text>}
                        <StatusBadge status={s.status} />
                      </HStack>
                      <Button size="xs" onClick={() => onReview(s.id)} aria-label={`Review submission ${s.id}`}>Review</Button>
                    </HStack>
                  ))}
                </Stack>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
        );
      })}
    </Stack>
  );
}
