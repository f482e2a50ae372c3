import { escrowKey } from './escrow-key';
import { StoredEvent } from '../../event-store/stored-event';
import { TaskAggregate } from './task.aggregate';
import { TaskEvents as T } from './task.events';
import { releasesNotDecided } from './task-payouts';

let version = 0;
const stored = (type: string, data: Record<string, unknown>): StoredEvent => ({
  globalPosition: BigInt(++version), transactionId: 1n, streamId: 'task-1', streamVersion: version, type, data, metadata: {}, createdAt: new Date(),
});
const FUNDER = '0x' + '11'.repeat(20);
const TERMS = { taskId: 1, reward: 5n * 10n ** 18n, maxCompletions: 3n, deadline: BigInt(Date.parse('2030-01-01T00:00:00.000Z') / 1000) };
const KEY = escrowKey(FUNDER, TERMS);
const WALLET = '0x' + '22'.repeat(20);
const fact = (n: number) => ({ chainId: 31337, txHash: '0x' + n.toString(16).padStart(64, '0'), blockNumber: n, blockHash: '0x' + 'bb'.repeat(32), logIndex: 0 });
const history = () => [
  stored(T.TaskCreated, {
    taskId: 1, creatorId: 10, title: 't', description: 'd', requirements: 'r', category: 'Content', reward: 5, maxCompletions: 3,
    estimatedTime: 1, deadline: '2030-01-01T00:00:00.000Z', submissionType: 'text', isActive: true, chainId: 31337,
    contractAddress: null, escrowAmount: '15000000000000000000', reviewWindowSeconds: 600, reviewCloseMarginSeconds: 60, createdAt: '2026-01-01T00:00:00.000Z',
  }),
  stored(T.TaskFunded, { ...fact(1), taskId: 1, key: KEY, funder: FUNDER, amount: '15000000000000000000' }),
  stored(T.SubmissionSubmitted, { submissionId: 7, taskId: 1, userId: 20, proofLink: null, proofText: 'x', proofFileUrl: null, notes: null, createdAt: '' }),
  stored(T.SubmissionApproved, { submissionId: 7, taskId: 1, userId: 20, reviewerId: 10, feedback: null, reward: 5, reviewedAt: '' }),
  stored(T.PayoutRequested, { submissionId: 7, taskId: 1, userId: 20, recipient: WALLET, amount: '5000000000000000000', requestedBy: 10 }),
];
const raised = (agg: TaskAggregate) => agg.pullEvents().map((e) => [e.type, (e.data as { cause?: string }).cause ?? null]);

/** The payout decisions that keep an approved reward payable, or say why it is not (issue 19 items 3, 4, 7, 8). */
describe('task payouts: failures whose cause passes are requested again', () => {
  it('a refund records the unpaid approval as failed (refunded); a reorganisation dropping the refund requests it again', () => {
    const agg = new TaskAggregate(1).load(history());
    agg.applyEscrowLog({ kind: 'refunded', fact: fact(2), key: KEY, funder: null, amount: 10n }, null);
    const events = agg.pullEvents();
    expect(events.map((e) => e.type)).toEqual([T.TaskRefunded, T.PayoutFailed]);
    expect(events[1].data).toMatchObject({ submissionId: 7, permanent: true, cause: 'refunded' });
    agg.load(events.map((e) => stored(e.type, e.data as Record<string, unknown>)));
    agg.revertChainFact('refund', fact(2).txHash, 0);
    expect(raised(agg)).toEqual([[T.TaskRefundReverted, null], [T.PayoutRequested, null]]);
  });

  it('a payout that failed not_funded is requested again by the next funding, one that failed for another cause is not', () => {
    const failed = (cause: string) => stored(T.PayoutFailed, { submissionId: 7, taskId: 1, reason: 'r', permanent: true, cause });
    const dropped = stored(T.TaskFundingReverted, { taskId: 1, txHash: fact(1).txHash, logIndex: 0, target: 'escrow' });
    const { taskId: _id, ...terms } = TERMS;
    const fundAgain = { kind: 'funded' as const, fact: fact(3), key: KEY, funder: FUNDER, ...terms, amount: 15n * 10n ** 18n };
    const notFunded = new TaskAggregate(1).load([...history(), failed('not_funded'), dropped]);
    notFunded.applyEscrowLog(fundAgain, fundAgain.funder);
    expect(raised(notFunded)).toEqual([[T.TaskFunded, null], [T.PayoutRequested, null]]);
    const full = new TaskAggregate(1).load([...history(), failed('escrow_full'), dropped]);
    full.applyEscrowLog(fundAgain, fundAgain.funder);
    expect(raised(full)).toEqual([[T.TaskFunded, null]]);
  });

  it('counts releases from the task\'s own escrow that are no approved payout (0, 1, max) and no other escrow\'s', () => {
    const anomaly = (n: number, submissionId: number, key: string) =>
      stored(T.PayoutAnomalyDetected, { ...fact(10 + n), taskId: 1, submissionId, key, recipient: WALLET, amount: '1', kind: 'unknown_submission', reason: 'r' });
    const agg = new TaskAggregate(1).load(history());
    expect(releasesNotDecided(agg.snapshot)).toBe(0);
    agg.load([anomaly(1, 900, KEY), anomaly(2, 7, KEY), anomaly(3, 901, '0x' + 'dd'.repeat(32))]);
    expect(releasesNotDecided(agg.snapshot)).toBe(1); // 7 is approved (its own payout, paid elsewhere); 901 is another escrow's
    agg.load([anomaly(4, 902, KEY)]);
    expect(releasesNotDecided(agg.snapshot)).toBe(2);
    // 1 approved + 2 releases nobody decided = maxCompletions 3: no submission and no approval fits any more.
    expect(() => agg.submit(8, 21, { proofLink: null, proofText: 'x', proofFileUrl: null, notes: null }, new Date('2029-01-01'))).toThrow(/no payout left: 2 of its 3/);
  });
});
