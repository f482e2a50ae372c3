import { describe, expect, it } from 'vitest';
import { cardState, isTaskFull, progressPercent } from './card-state';

const t = (completions: number, totalSubmissions: number, maxCompletions: number) => ({ completions, totalSubmissions, maxCompletions });

describe('task card display states (first match wins)', () => {
  it('Completed when approved completions reach the maximum', () => {
    expect(cardState(t(5, 5, 5))).toEqual({ kind: 'completed', label: 'COMPLETED' });
  });
  it('Full (n/max) when every slot has a submission', () => {
    expect(cardState(t(1, 5, 5))).toEqual({ kind: 'full', label: 'Full (5/5)' });
    expect(isTaskFull(t(0, 5, 5))).toBe(true);
  });
  it('Almost Full from 80 % approved, exactly, without floating point', () => {
    expect(cardState(t(4, 5, 5)).kind).toBe('full'); // full wins over almost full
    expect(cardState(t(4, 4, 6)).kind).toBe('open'); // 66 %
    expect(cardState(t(8, 8, 10))).toEqual({ kind: 'almost-full', label: 'Almost Full' });
    expect(cardState(t(79, 79, 100)).kind).toBe('open');
    expect(cardState(t(80, 80, 100)).kind).toBe('almost-full');
  });
  it('otherwise n slots remaining, n = max - total submissions', () => {
    expect(cardState(t(0, 2, 5))).toEqual({ kind: 'open', label: '3 slots remaining', slotsLeft: 3 });
    expect(cardState(t(0, 4, 5))).toEqual({ kind: 'open', label: '1 slot remaining', slotsLeft: 1 });
  });
  it('progress is approved / max in percent, capped at 100', () => {
    expect(progressPercent(t(1, 1, 3))).toBe(33);
    expect(progressPercent(t(7, 7, 5))).toBe(100);
    expect(progressPercent(t(0, 0, 0))).toBe(0);
  });
});
