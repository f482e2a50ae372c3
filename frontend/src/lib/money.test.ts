import { describe, expect, it } from 'vitest';
import { centToBaseUnits, formatBaseUnits, formatCent } from './money';

describe('money formatting (exact, no floats)', () => {
  it('groups whole CENT with en-US thousands separators', () => {
    expect(formatCent(0)).toBe('0');
    expect(formatCent(50)).toBe('50');
    expect(formatCent(100000)).toBe('100,000');
    expect(formatCent('1234567')).toBe('1,234,567');
    expect(formatCent(-2500n)).toBe('-2,500');
  });

  it('formats base units exactly, trimming trailing zeros of the fraction', () => {
    expect(formatBaseUnits('250000000000000000000')).toBe('250');
    expect(formatBaseUnits('1500000000000000000')).toBe('1.5');
    expect(formatBaseUnits('1')).toBe('0.000000000000000001');
    expect(formatBaseUnits(0n)).toBe('0');
    // Beyond 2^53: a float would round this; the string survives to the last digit.
    expect(formatBaseUnits('123456789012345678901234567890')).toBe('123,456,789,012.34567890123456789');
    expect(formatBaseUnits('-5000000000000000000')).toBe('-5');
  });

  it('converts whole CENT to base units with bigint', () => {
    expect(centToBaseUnits(50)).toBe(50n * 10n ** 18n);
    expect(centToBaseUnits('100000') * 100n).toBe(10n ** 25n);
  });

  it('refuses what is not a whole amount instead of guessing', () => {
    expect(() => formatCent(1.5)).toThrow('not a whole amount: 1.5');
    expect(() => formatBaseUnits('1e18')).toThrow('not a whole amount: 1e18');
    expect(() => centToBaseUnits('abc')).toThrow();
    expect(() => formatCent(Number.MAX_SAFE_INTEGER + 2)).toThrow();
  });
});
