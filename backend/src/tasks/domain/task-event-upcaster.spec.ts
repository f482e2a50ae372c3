import { DEFAULT_REVIEW_CLOSE_MARGIN_SECONDS, DEFAULT_REVIEW_WINDOW_SECONDS } from './task-escrow-terms';
import { upcastTaskEvent } from './task-event-upcaster';
import { DEFAULT_REVIEW_WITHIN_SECONDS } from './task-review-deadline';
import { TaskCreatedData } from './task.events';

const FACT = { chainId: 31337, txHash: '0xabc', blockNumber: 7, blockHash: '0xdef', logIndex: 2 };

const created: TaskCreatedData = {
  taskId: 4, creatorId: 1, title: 't', description: 'd', requirements: 'r', category: 'Other', reward: 5, maxCompletions: 2, estimatedTime: 10,
  deadline: '2026-07-01T00:00:00.000Z', submissionType: 'text', isActive: true, chainId: 31337, contractAddress: null, escrowAmount: '10000000000000000000',
  reviewWindowSeconds: 3 * 24 * 3600, reviewCloseMarginSeconds: 600, reviewWithinSeconds: 24 * 3600, createdAt: '2026-06-01T00:00:00.000Z',
};

describe('upcastTaskEvent: every older shape of a task event read as the current one', () => {
  it('TaskCreated without review window, closing margin and "auto-approve after" gets the defaults', () => {
    const { reviewWindowSeconds: _w, reviewCloseMarginSeconds: _m, reviewWithinSeconds: _r, ...old } = created;
    expect(upcastTaskEvent({ type: 'TaskCreated', data: old })).toEqual({
      type: 'TaskCreated',
      data: {
        ...old, reviewWindowSeconds: DEFAULT_REVIEW_WINDOW_SECONDS, reviewCloseMarginSeconds: DEFAULT_REVIEW_CLOSE_MARGIN_SECONDS,
        reviewWithinSeconds: DEFAULT_REVIEW_WITHIN_SECONDS,
      },
    });
  });

  it('a funding anomaly from before v2 (no kind, no recovery, no key) is a wrong_terms one with no recovery and no key', () => {
    const old = { ...FACT, taskId: 4, funder: '0x01', amount: '5', reason: 'escrowed 5 base units instead of 10' };
    expect(upcastTaskEvent({ type: 'TaskFundingAnomalyDetected', data: old }).data).toEqual({ ...old, kind: 'wrong_terms', recovery: null, key: null });
  });

  it('a funding from before v2 (no escrow key) has the key null', () => {
    const old = { ...FACT, taskId: 4, funder: '0x01', amount: '10' };
    expect(upcastTaskEvent({ type: 'TaskFunded', data: old }).data).toEqual({ ...old, key: null });
  });

  it("a reorganisation's compensation without a target is of the task's own escrow", () => {
    const old = { taskId: 4, txHash: '0xabc', logIndex: 2 };
    expect(upcastTaskEvent({ type: 'TaskFundingReverted', data: old }).data).toEqual({ ...old, target: 'escrow' });
    expect(upcastTaskEvent({ type: 'TaskRefundReverted', data: old }).data).toEqual({ ...old, target: 'escrow' });
  });

  it.each([
    ['Invalid wallet address for user 3', 'no_wallet'],
    ['execution reverted: EscrowNotFunded(0x12)', 'not_funded'],
    ['execution reverted: MaxCompletionsExceeded(2)', 'escrow_full'],
    ['execution reverted: ReviewWindowClosed', 'escrow_refused'],
  ])('a PayoutFailed without a cause takes it from its reason: %s -> %s', (reason, cause) => {
    const old = { submissionId: 9, taskId: 4, reason, permanent: true };
    expect(upcastTaskEvent({ type: 'PayoutFailed', data: old }).data).toEqual({ ...old, cause });
  });

  it('a RewardReleaseReverted without the amount released the task reward in base units', () => {
    const old = { submissionId: 9, taskId: 4, userId: 3, reward: 5, txHash: '0xabc', logIndex: 2 };
    expect(upcastTaskEvent({ type: 'RewardReleaseReverted', data: old }).data).toEqual({ ...old, amount: '5000000000000000000' });
  });

  it('current shapes pass unchanged (the recorded values win over every default)', () => {
    expect(upcastTaskEvent({ type: 'TaskCreated', data: created }).data).toEqual(created);
    const failed = { submissionId: 9, taskId: 4, reason: 'Invalid wallet address', permanent: false, cause: 'not_funded' };
    expect(upcastTaskEvent({ type: 'PayoutFailed', data: failed }).data).toEqual(failed);
    const funded = { ...FACT, taskId: 4, key: '0x99', funder: '0x01', reward: '1', maxCompletions: '2', deadline: '3', amount: '2' };
    expect(upcastTaskEvent({ type: 'TaskFunded', data: funded })).toEqual({ type: 'TaskFunded', data: funded });
  });

  it('refuses a type no task stream has', () => {
    expect(() => upcastTaskEvent({ type: 'UserRegistered', data: {} })).toThrow('UserRegistered is no event of a task stream');
  });
});
