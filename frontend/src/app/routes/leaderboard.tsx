import { PlaceholderPage } from '@/components/placeholder-page';

// Placeholder until issue 13 builds this screen (spec part 2).
export function LeaderboardPage() {
  return <PlaceholderPage title="Leaderboard" subtitle="Top earners of CENT Tasks" />;
}

export const Component = LeaderboardPage;
