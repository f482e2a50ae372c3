import type { LeaderboardEntry } from './api';

/** Spec: rank 1 Champion, 2 Runner-up, 3 Bronze, others "Rank N". */
export function rankTitle(rank: number): string {
  if (rank === 1) return 'Champion';
  if (rank === 2) return 'Runner-up';
  if (rank === 3) return 'Bronze';
  return `Rank ${rank}`;
}

/** A bar's width relative to the list's maximum, in whole percent, capped at 100 (and 0 when the maximum is 0). */
export function barPercent(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0;
  return Math.min(100, Math.round((value / max) * 100));
}

export interface LeaderboardTotals {
  activeUsers: number;
  totalEarned: bigint;
  tasksCompleted: number;
}

/** The footer stats (Active Users, Total CENTS Earned, Tasks Completed) of the listed entries. */
export function leaderboardTotals(entries: LeaderboardEntry[]): LeaderboardTotals {
  return {
    activeUsers: entries.length,
    totalEarned: entries.reduce((s, e) => s + BigInt(e.totalEarned), 0n),
    tasksCompleted: entries.reduce((s, e) => s + e.completedTasks, 0),
  };
}
