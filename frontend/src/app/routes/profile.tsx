import { PlaceholderPage } from '@/components/placeholder-page';

// Placeholder until issue 13 builds this screen (spec part 2).
export function ProfilePage() {
  return <PlaceholderPage title="Profile" subtitle="Your profile" />;
}

export const Component = ProfilePage;
