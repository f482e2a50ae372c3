import { StoredEvent } from '../../event-store/stored-event';
import { TaskAggregate } from './task.aggregate';
import { TaskEvents as T } from './task.events';

let version = 0;
const stored = (type: string, data: Record<string, unknown>): StoredEvent => ({
  globalPosition: BigInt(++version), transactionId: 1n, streamId: 'task-1', streamVersion: version, type, data, metadata: {}, createdAt: new Date(),
});

const created = stored(T.TaskCreated, {
  taskId: 1, creatorId: 10, title: 't', description: 'd', requirements: 'r', category: 'Content', reward: 5, maxCompletions: 2,
  estimatedTime: 1, deadline: '2030-01-01T00:00:00.000Z', submissionType: 'text', isActive: true, chainId: 31337,
  contractAddress: null, escrowAmount: '10000000000000000000', reviewWindowSeconds: 600, reviewCloseMarginSeconds: 60, createdAt: '2026-01-01T00:00:00.000Z',
});
const fact = { chainId: 31337, txHash: '0x' + 'aa'.repeat(32), blockNumber: 5, blockHash: '0x' + 'bb'.repeat(32), logIndex: 0 };
const funded = stored(T.TaskFunded, { ...fact, taskId: 1, key: '0x' + 'cc'.repeat(32), funder: '0x' + '11'.repeat(20), amount: '10000000000000000000' });
const submitted = stored(T.SubmissionSubmitted, { submissionId: 7, taskId: 1, userId: 20, proofLink: null, proofText: 'x', proofFileUrl: null, notes: null, createdAt: '' });
const approved = stored(T.SubmissionApproved, { submissionId: 7, taskId: 1, userId: 20, reviewerId: 10, feedback: null, reward: 5, reviewedAt: '' });

/** `evolve` is pure: a state once reached never changes when later events are applied. */
describe('task aggregate evolve', () => {
  it('returns new states and never changes an earlier one (no Map shared between versions)', () => {
    const agg = new TaskAggregate(1).load([created, funded, submitted]);
    const before = agg.snapshot;
    const beforeSub = before.submissions.get(7);
    const beforeJson = JSON.stringify({ ...before, submissions: [...before.submissions], submissionByUser: [...before.submissionByUser] });
    agg.load([approved]);
    const after = agg.snapshot;
    expect(after).not.toBe(before);
    expect(after.submissions).not.toBe(before.submissions);
    expect(after.submissions.get(7)!.status).toBe('approved');
    expect(before.submissions.get(7)).toBe(beforeSub);
    expect(beforeSub!.status).toBe('pending');
    expect(JSON.stringify({ ...before, submissions: [...before.submissions], submissionByUser: [...before.submissionByUser] })).toBe(beforeJson);
    expect([before.pending, before.approved, after.pending, after.approved]).toEqual([1, 0, 0, 1]);
  });

  it('derives the review times from the task\'s recorded window and margin', () => {
    const agg = new TaskAggregate(1).load([created]);
    expect(agg.reviewTimes).toEqual({
      reviewUntil: new Date(Date.parse('2030-01-01T00:00:00.000Z') + 540_000),
      refundableAt: new Date(Date.parse('2030-01-01T00:00:00.000Z') + 601_000),
    });
  });
});
