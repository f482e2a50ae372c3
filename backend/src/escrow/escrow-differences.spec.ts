import { AppPayoutClaim, appTerms, escrowDifferences, releaseDifferences } from './escrow-differences';

const E18 = 10n ** 18n;
const funded = { fundingStatus: 'funded', escrowAmount: (50n * E18).toString(), releasedAmount: (10n * E18).toString(), paidCount: 1, anomalies: [] };
const chain = { funded: true, paidCount: 1, remaining: 40n * E18, refunded: false };

describe('escrowDifferences', () => {
  it('finds none when the contract and the read models agree (also after a refund)', () => {
    expect(escrowDifferences(chain, funded)).toEqual([]);
    expect(escrowDifferences({ ...chain, remaining: 0n, refunded: true }, { ...funded, fundingStatus: 'refunded' })).toEqual([]);
    expect(escrowDifferences({ funded: false, paidCount: 0, remaining: 0n, refunded: false }, { ...funded, fundingStatus: 'awaiting_funding', paidCount: 0 })).toEqual([]);
  });

  it('names every difference', () => {
    expect(escrowDifferences({ ...chain, paidCount: 2, remaining: 30n * E18 }, funded)).toEqual([
      'paid count: chain 2, app 1',
      `remaining: chain ${30n * E18}, app ${40n * E18}`,
    ]);
    expect(escrowDifferences(chain, { ...funded, fundingStatus: 'awaiting_funding' })).toEqual(['funded: chain true, app awaiting_funding']);
    const stray = { kind: 'foreign_funder', reason: 'funded by a stranger', txHash: '0xab' };
    expect(escrowDifferences(chain, { ...funded, fundingStatus: 'anomaly', anomalies: [stray] })).toEqual([
      'anomaly foreign_funder: funded by a stranger (0xab)',
    ]);
    expect(escrowDifferences({ ...chain, refunded: true, remaining: 0n }, funded)).toEqual([
      `remaining: chain 0, app ${40n * E18}`,
      'refunded: chain true, app false',
    ]);
  });

  it("never counts strangers' escrows on a task the app counts as funded or refunded (any number of them); other anomalies still count", () => {
    const strangers = Array.from({ length: 300 }, (_, i) => ({ kind: 'foreign_funder', reason: 'funded by a stranger', txHash: `0x${i}` }));
    expect(escrowDifferences(chain, { ...funded, anomalies: strangers })).toEqual([]);
    expect(escrowDifferences({ ...chain, remaining: 0n, refunded: true }, { ...funded, fundingStatus: 'refunded', anomalies: strangers })).toEqual([]);
    const own = { kind: 'duplicate_funding', reason: 'a second escrow', txHash: '0xdd' };
    expect(escrowDifferences(chain, { ...funded, anomalies: [...strangers, own] })).toEqual(['anomaly duplicate_funding: a second escrow (0xdd)']);
  });

  it('compares the escrow\'s funder and terms with the task\'s when both say funded', () => {
    const terms = { funder: '0xAbC0000000000000000000000000000000000001', reward: (10n * E18).toString(), maxCompletions: '5', deadline: '1900000000' };
    expect(escrowDifferences({ ...chain, terms: { ...terms, funder: terms.funder.toLowerCase() } }, { ...funded, terms })).toEqual([]);
    expect(escrowDifferences({ ...chain, terms: { ...terms, reward: '1', deadline: '1900003600' } }, { ...funded, terms })).toEqual([
      `reward: chain 1, app ${10n * E18}`,
      'deadline: chain 1900003600, app 1900000000',
    ]);
  });
});

describe('appTerms', () => {
  it('states a tasks row in the escrow\'s units (base units, unix seconds)', () => {
    expect(appTerms({ funder: '0xab', reward: 25, max_completions: 4, deadline: new Date('2030-01-01T00:00:00.000Z') })).toEqual({
      funder: '0xab', reward: (25n * E18).toString(), maxCompletions: '4', deadline: '1893456000',
    });
  });
});

describe('releaseDifferences', () => {
  const key = '0x' + 'aa'.repeat(32);
  const earner = '0x' + '11'.repeat(20);
  const tx = '0x' + 'cc'.repeat(32);
  const paid: AppPayoutClaim = {
    taskId: 7, status: 'approved', payoutStatus: 'released', transactionHash: tx, recipient: earner, reward: (10n * E18).toString(), escrowKey: key,
  };
  const log = { submissionId: '3', key, recipient: earner.toUpperCase().replace('0X', '0x'), amount: 10n * E18, txHash: tx };

  it('finds none for the payout the app decided and recorded', () => {
    expect(releaseDifferences(log, paid)).toEqual([]);
  });

  it('names every way a release is not that payout', () => {
    expect(releaseDifferences(log, null)).toEqual(['no such submission in the app']);
    const other = '0x' + '22'.repeat(20);
    expect(releaseDifferences({ ...log, key: '0x' + 'bb'.repeat(32), recipient: other, amount: 1n }, { ...paid, status: 'pending', payoutStatus: null, transactionHash: null })).toEqual([
      `paid from escrow 0x${'bb'.repeat(32)}, not the task's escrow ${key}`,
      'the submission is pending, not approved',
      `paid to ${other}, the payout was requested for ${earner}`,
      `paid 1 base units, the reward is ${10n * E18}`,
      'the app shows payout none',
    ]);
  });
});
