import { PlaceholderPage } from '@/components/placeholder-page';

// Placeholder until issue 13 builds this screen (spec part 2).
export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" subtitle="Track your tasks, submissions, and earnings" />;
}

export const Component = DashboardPage;
