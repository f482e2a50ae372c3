import { api } from '@/lib/api';

/** Spec §3 "Leaderboard entry"; totalEarned is whole CENT released on chain. */
export interface LeaderboardEntry {
  userId: number;
  username: string | null;
  walletAddress: string | null;
  totalEarned: number;
  completedTasks: number;
}

export type LeaderboardSort = 'earned' | 'completed';

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    leaderboard: build.query<LeaderboardEntry[], LeaderboardSort>({
      query: (sort) => `/api/leaderboard${sort === 'completed' ? '?sort=completed' : ''}`,
      providesTags: ['Leaderboard'],
    }),
  }),
});

export const { useLeaderboardQuery } = leaderboardApi;
