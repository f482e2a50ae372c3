import { describe, expect, it } from 'vitest';
import { NEW_CREATOR, approxDuration, percent, recordLine } from './creator-record';

describe('creator record words', () => {
  it('the card line: median time to review and approval share', () => {
    expect(recordLine({ reviewed: 25, approved: 23, medianReviewMs: 6 * 3600_000 })).toBe('Reviews in ~6 h · 92 % approved');
    expect(recordLine({ reviewed: 1, approved: 0, medianReviewMs: 0 })).toBe('Reviews in ~1 min · 0 % approved');
    expect(recordLine({ reviewed: 2, approved: 2, medianReviewMs: null })).toBe('100 % approved');
  });

  it('"New creator" without history', () => {
    expect(recordLine(null)).toBe(NEW_CREATOR);
    expect(recordLine(undefined)).toBe('New creator');
    expect(recordLine({ reviewed: 0, approved: 0, medianReviewMs: null })).toBe('New creator');
  });

  it('durations in whole minutes, hours, days; shares in whole percent', () => {
    expect(approxDuration(59 * 60_000)).toBe('~59 min');
    expect(approxDuration(3600_000)).toBe('~1 h');
    expect(approxDuration(47.4 * 3600_000)).toBe('~47 h');
    expect(approxDuration(72 * 3600_000)).toBe('~3 d');
    expect(approxDuration(2 ** 53)).toBe('~104249991 d');
    expect(percent(1, 3)).toBe('33 %');
    expect(percent(0, 0)).toBeNull();
  });
});
