import { LeaderboardView } from '@/features/leaderboard/components/leaderboard-view';

export function LeaderboardPage() {
  return <LeaderboardView />;
}

export const Component = LeaderboardPage;
