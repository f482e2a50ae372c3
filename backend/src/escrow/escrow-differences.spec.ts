import { escrowDifferences } from './escrow-differences';

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
});
