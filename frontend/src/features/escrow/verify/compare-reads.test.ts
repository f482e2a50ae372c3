import { describe, expect, it } from 'vitest';
import type { BrowserReads } from './escrow-reads';
import { compareReads, type AppClaims } from './compare-reads';

const CENT = 10n ** 18n;
const FUNDER = '0x548B461c85bA959089eDf2D841f56883CeE8D55A';

const reads = (over: Partial<BrowserReads['escrow']> = {}, logs: BrowserReads['logs'] = []): BrowserReads => ({
  rpcUrl: 'http://127.0.0.1:8545',
  head: 20,
  escrow: { funder: FUNDER, reward: 35n * CENT, maxCompletions: 3n, paidCount: 1n, deadline: 1_796_225_366n, refunded: false, remaining: 70n * CENT, ...over },
  remainingOf: over.remaining ?? 70n * CENT,
  logs: logs.length ? logs : [
    { type: 'TaskFunded', amount: 105n * CENT, txHash: '0x1', blockNumber: 10 },
    { type: 'RewardReleased', amount: 35n * CENT, txHash: '0x2', blockNumber: 12 },
  ],
});

const claims = (over: Partial<AppClaims['app']> = {}, terms: AppClaims['terms'] | null = undefined as never): AppClaims => ({
  app: { fundingStatus: 'funded', escrowAmount: (105n * CENT).toString(), releasedAmount: (35n * CENT).toString(), refundedAmount: '0', paidCount: 1, ...over },
  terms: terms === undefined ? { funder: FUNDER.toLowerCase(), reward: (35n * CENT).toString(), maxCompletions: '3', deadline: '1796225366' } : terms,
});

describe('compareReads: the browser\'s chain reads next to the app\'s claims', () => {
  it('agrees figure by figure when the chain and the app agree (addresses in any case)', () => {
    const rows = compareReads(reads(), claims());
    expect(rows.map((r) => [r.call, r.browser, r.api, r.match])).toEqual([
      ['getEscrow(key).funder', FUNDER, FUNDER.toLowerCase(), true],
      ['getEscrow(key).reward', '35 CENT', '35 CENT', true],
      ['getEscrow(key).maxCompletions', '3', '3', true],
      ['getEscrow(key).deadline', '1796225366', '1796225366', true],
      ['getEscrow(key).paidCount', '1', '1', true],
      ['getEscrow(key).refunded', 'no', 'no', true],
      ['getEscrow(key).remaining', '70 CENT', '70 CENT', true],
      ['remainingOf(key)', '70 CENT', '70 CENT', true],
      ['TaskFunded logs with topic key', '105 CENT', '105 CENT', true],
      ['RewardReleased logs with topic key', '35 CENT', '35 CENT', true],
      ['TaskRefunded logs with topic key', '0 CENT', '0 CENT', true],
    ]);
  });

  it('flags each figure that differs, down to one base unit, with amounts at 2^256-1 exact', () => {
    const max = 2n ** 256n - 1n;
    const rows = compareReads(reads({ remaining: 70n * CENT - 1n, paidCount: 2n }), claims());
    expect(rows.filter((r) => !r.match).map((r) => r.call)).toEqual(['getEscrow(key).paidCount', 'getEscrow(key).remaining', 'remainingOf(key)']);
    const huge = compareReads(reads({ remaining: max }), claims({ escrowAmount: max.toString(), releasedAmount: '0' }));
    expect(huge.find((r) => r.call === 'getEscrow(key).remaining')!.match).toBe(true);
  });

  it('never matches a term the app does not have, and compares the refunded flag with the app\'s status', () => {
    const rows = compareReads(reads({ refunded: true, remaining: 0n }), claims({ fundingStatus: 'refunded', refundedAmount: (70n * CENT).toString() }, null));
    expect(rows.filter((r) => r.call.startsWith('getEscrow(key).') && ['funder', 'reward', 'maxCompletions', 'deadline'].some((f) => r.call.endsWith(f))).map((r) => [r.api, r.match]))
      .toEqual([['—', false], ['—', false], ['—', false], ['—', false]]);
    expect(rows.find((r) => r.call === 'getEscrow(key).refunded')).toMatchObject({ browser: 'yes', api: 'yes', match: true });
    // The TaskRefunded log is missing from the chain's answer: that figure differs.
    expect(rows.find((r) => r.call === 'TaskRefunded logs with topic key')).toMatchObject({ browser: '0 CENT', api: '70 CENT', match: false });
  });
});
