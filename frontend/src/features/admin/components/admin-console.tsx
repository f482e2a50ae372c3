import { useState, type ReactNode } from 'react';
import { Card, Heading, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Pager } from '@/components/pager';
import { useAdminDashboardQuery, type FlaggedSubmission } from '../api';
import type { AdminTaskRow } from '../types';
import { AnalyticsTab } from './analytics-tab';
import { AppealsTab } from './appeals-tab';
import { FlaggedTab } from './flagged-tab';
import { OverviewTab } from './overview-tab';
import { SubmissionsTab } from './submissions-tab';
import { TasksTable } from './tasks-table';
import { UsersTable } from './users-table';
import { TabsRoot } from '@/components/ui/tabs';

const PAGE = 50;

interface AdminConsoleProps {
  onReview(id: number): void;
  taskAction?(task: AdminTaskRow): ReactNode;
  /** The decision buttons on each flagged submission (composed by the page from the review feature). */
  flaggedActions?(item: FlaggedSubmission): ReactNode;
}

/** /admin: Overview, Users, Tasks, Submissions, AI Analytics, Flagged, Appeals; every list paged on the server. */
export function AdminConsole({ onReview, taskAction, flaggedActions }: AdminConsoleProps) {
  // The overview is aggregated over everything by the server; one row per list is all this call needs.
  const overview = useAdminDashboardQuery({ limit: 1, offset: 0 });
  if (overview.isLoading) return <Spinner aria-label="Loading admin data" />;
  if (!overview.data) {
    return (
      <Card.Root maxW="lg">
        <Card.Body gap="2">
          <Heading as="h1" size="lg">Error</Heading>
          <Text>Failed to load admin data.</Text>
          <Text color="gray.700">Please ensure you have admin privileges.</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  const o = overview.data.overview;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">Admin Dashboard</Heading>
      <TabsRoot defaultValue="overview" lazyMount unmountOnExit variant="line">
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="users">Users</Tabs.Trigger>
          <Tabs.Trigger value="tasks">Tasks</Tabs.Trigger>
          <Tabs.Trigger value="submissions">Submissions</Tabs.Trigger>
          <Tabs.Trigger value="analytics">AI Analytics</Tabs.Trigger>
          <Tabs.Trigger value="flagged">Flagged</Tabs.Trigger>
          <Tabs.Trigger value="appeals">Appeals</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview"><OverviewTab overview={o} onReview={onReview} /></Tabs.Content>
        <Tabs.Content value="users"><UsersPage /></Tabs.Content>
        <Tabs.Content value="tasks"><TasksPage taskAction={taskAction} /></Tabs.Content>
        <Tabs.Content value="submissions"><SubmissionsTab pending={o.submissions.pending} onReview={onReview} /></Tabs.Content>
        <Tabs.Content value="analytics"><AnalyticsTab /></Tabs.Content>
        <Tabs.Content value="flagged"><FlaggedTab onReview={onReview} actions={flaggedActions} /></Tabs.Content>
        <Tabs.Content value="appeals"><AppealsTab /></Tabs.Content>
      </TabsRoot>
    </Stack>
  );
}

function UsersPage() {
  const [offset, setOffset] = useState(0);
  const q = useAdminDashboardQuery({ limit: PAGE, offset });
  if (!q.data) return <Spinner aria-label="Loading users" />;
  return (
    <Stack gap="3">
      <UsersTable users={q.data.users} />
      <Pager label="User pages" offset={offset} limit={PAGE} total={q.data.page.totals.users} onOffset={setOffset} />
    </Stack>
  );
}

function TasksPage({ taskAction }: { taskAction?(task: AdminTaskRow): ReactNode }) {
  const [offset, setOffset] = useState(0);
  const q = useAdminDashboardQuery({ limit: PAGE, offset });
  if (!q.data) return <Spinner aria-label="Loading tasks" />;
  return (
    <Stack gap="3">
      <TasksTable tasks={q.data.tasks} taskAction={taskAction} />
      <Pager label="Task pages" offset={offset} limit={PAGE} total={q.data.page.totals.tasks} onOffset={setOffset} />
    </Stack>
  );
}
