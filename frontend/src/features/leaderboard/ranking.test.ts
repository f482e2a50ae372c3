import { describe, expect, it } from 'vitest';
import { barPercent, leaderboardTotals, rankTitle } from './ranking';

describe('leaderboard ranking', () => {
  it('titles the top three and numbers the rest', () => {
    expect([1, 2, 3, 4, 57].map(rankTitle)).toEqual(['Champion', 'Runner-up', 'Bronze', 'Rank 4', 'Rank 57']);
  });

  it('sizes bars relative to the maximum, capped at 100 %', () => {
    expect(barPercent(50, 200)).toBe(25);
    expect(barPercent(200, 200)).toBe(100);
    expect(barPercent(300, 200)).toBe(100);
    expect(barPercent(1, 3)).toBe(33);
  });

  it('draws no bar for zero, a zero maximum or nonsense', () => {
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
    expect(barPercent(Number.NaN, 10)).toBe(0);
  });

  it('adds up the footer stats', () => {
    const e = (totalEarned: number, completedTasks: number) => ({ userId: 1, username: null, walletAddress: null, totalEarned, completedTasks });
    expect(leaderboardTotals([e(100, 2), e(25, 1)])).toEqual({ activeUsers: 2, totalEarned: 125n, tasksCompleted: 3 });
    expect(leaderboardTotals([])).toEqual({ activeUsers: 0, totalEarned: 0n, tasksCompleted: 0 });
  });
});
