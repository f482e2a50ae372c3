import { describe, expect, it } from 'vitest';
import { formatDate, formatDeadline } from './dates';

describe('dates (en-US, short month)', () => {
  it('formats deadlines as MMM dd, yyyy', () => {
    expect(formatDeadline(new Date(2025, 0, 5, 12))).toBe('Jan 05, 2025');
    expect(formatDeadline(new Date(2026, 11, 31, 12))).toBe('Dec 31, 2026');
  });
  it('formats other dates without the leading zero', () => {
    expect(formatDate(new Date(2025, 0, 5, 12))).toBe('Jan 5, 2025');
  });
});
