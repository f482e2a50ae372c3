import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

const now = new Date('2026-11-23T12:00:00Z');

describe('countdown', () => {
  it('counts days, hours and minutes (rounding minutes up)', () => {
    expect(countdown(new Date('2026-11-25T15:04:00Z'), now)).toBe('2d 3h 4m');
    expect(countdown(new Date('2026-11-23T13:00:30Z'), now)).toBe('1h 1m');
    expect(countdown(new Date('2026-11-23T12:00:01Z'), now)).toBe('1m');
    expect(countdown(new Date('2026-11-24T12:00:00Z'), now)).toBe('1d 0h 0m');
  });

  it('is null once the moment has come', () => {
    expect(countdown(now, now)).toBeNull();
    expect(countdown(new Date('2026-11-23T11:59:59Z'), now)).toBeNull();
  });
});
