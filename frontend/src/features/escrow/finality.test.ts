import { describe, expect, it } from 'vitest';
import { eventFinality, finalAfter } from './finality';

describe('finality wording', () => {
  it('says "final after N confirmations", singular for 1', () => {
    expect(finalAfter(0)).toBe('final after 0 confirmations');
    expect(finalAfter(1)).toBe('final after 1 confirmation');
    expect(finalAfter(12)).toBe('final after 12 confirmations');
  });

  it('gives an event its state in the same words', () => {
    expect(eventFinality(1, 0, true)).toBe('Final (1 confirmation)');
    expect(eventFinality(3, 12, false)).toBe('3 confirmations, final after 12 confirmations');
    expect(eventFinality(2 ** 31 - 1, 12, true)).toBe('Final (2147483647 confirmations)');
  });
});
