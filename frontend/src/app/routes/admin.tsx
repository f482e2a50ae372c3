import { PlaceholderPage } from '@/components/placeholder-page';

// Placeholder until issue 13 builds this screen (spec part 2).
export function AdminPage() {
  return <PlaceholderPage title="Admin" subtitle="Platform overview" />;
}

export const Component = AdminPage;
