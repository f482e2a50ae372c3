import { PlaceholderPage } from '@/components/placeholder-page';

// Placeholder until issue 13 builds this screen (spec part 2).
export function ApprovalsPage() {
  return <PlaceholderPage title="Approvals" subtitle="Review the submissions to your tasks" />;
}

export const Component = ApprovalsPage;
