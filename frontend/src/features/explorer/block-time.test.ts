import { describe, expect, it } from 'vitest';
import { blockTime } from './block-time';

describe('blockTime', () => {
  it('shows the date and the UTC time of day, to year 9999', () => {
    expect(blockTime('2026-11-25T15:04:05.000Z')).toMatch(/^Nov 2[45], 2026 15:04:05 UTC$/);
    expect(blockTime('1970-01-01T00:00:00.000Z')).toMatch(/ 00:00:00 UTC$/);
    expect(blockTime('9999-12-31T23:59:59.000Z')).toMatch(/9999 23:59:59 UTC$|10000 23:59:59 UTC$/);
  });
});
