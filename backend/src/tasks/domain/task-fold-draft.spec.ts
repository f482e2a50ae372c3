import { StoredEvent } from '../../event-store/stored-event';
import { TaskAggregate, evolveTask } from './task.aggregate';
import { TaskEvent } from './task-event';
import { upcastTaskEvent } from './task-event-upcaster';
import { TaskEvents as T } from './task.events';
import { TaskState, initialTaskState } from './task.state';

let version = 0;
const stored = (type: string, data: Record<string, unknown>): StoredEvent => ({
  globalPosition: BigInt(++version), transactionId: 1n, streamId: 'task-1', streamVersion: version, type, data, metadata: {}, createdAt: new Date(),
});

const fact = (n: number) => ({ chainId: 31337, txHash: `0x${n.toString(16).padStart(64, '0')}`, blockNumber: n, blockHash: '0x' + 'bb'.repeat(32), logIndex: 0 });
const key = '0x' + 'cc'.repeat(32);
const recipient = '0x' + '22'.repeat(20);

/** A task with `n` submissions, each approved, its payout requested and released: a stream of 2 + 4n events. */
function stream(n: number): StoredEvent[] {
  version = 0;
  const events = [
    stored(T.TaskCreated, {
      taskId: 1, creatorId: 10, title: 't', description: 'd', requirements: 'r', category: 'Content', reward: 1, maxCompletions: n,
      estimatedTime: 1, deadline: '2030-01-01T00:00:00.000Z', submissionType: 'text', isActive: true, chainId: 31337,
      contractAddress: null, escrowAmount: (10n ** 18n * BigInt(n)).toString(), reviewWindowSeconds: 600, reviewCloseMarginSeconds: 60,
      createdAt: '2026-01-01T00:00:00.000Z',
    }),
    stored(T.TaskFunded, { ...fact(1), taskId: 1, key, funder: '0x' + '11'.repeat(20), amount: (10n ** 18n * BigInt(n)).toString() }),
  ];
  for (let id = 1; id <= n; id++) {
    events.push(
      stored(T.SubmissionSubmitted, { submissionId: id, taskId: 1, userId: 100 + id, proofLink: null, proofText: 'x', proofFileUrl: null, notes: null, createdAt: '2026-01-02T00:00:00.000Z' }),
      stored(T.SubmissionApproved, { submissionId: id, taskId: 1, userId: 100 + id, reviewerId: 10, feedback: null, reward: 1, reviewedAt: '2026-01-03T00:00:00.000Z' }),
      stored(T.PayoutRequested, { submissionId: id, taskId: 1, userId: 100 + id, recipient, amount: (10n ** 18n).toString(), requestedBy: 10 }),
      stored(T.RewardReleased, { ...fact(1 + id), submissionId: id, taskId: 1, userId: 100 + id, key, recipient, amount: (10n ** 18n).toString(), reward: 1 }),
    );
  }
  return events;
}

/** The state and its Maps as plain data, to compare states by value. */
const plain = (s: TaskState) => JSON.stringify({ ...s, submissions: [...s.submissions], submissionByUser: [...s.submissionByUser] });

/** Folding a stream in one go (Maps copied once: task-fold-draft.ts) is folding it event by event. */
describe('task fold with drafts', () => {
  it('reaches the state evolving one event at a time reaches', () => {
    const events = stream(30);
    const oneByOne = events.reduce((s, e) => evolveTask(s, upcastTaskEvent({ type: e.type, data: e.data }) as TaskEvent), initialTaskState());
    const folded = new TaskAggregate(1).load(events).snapshot;
    expect(plain(folded)).toBe(plain(oneByOne));
    expect([folded.submissions.size, folded.approved, folded.released, folded.pending]).toEqual([30, 30, 30, 0]);
  });

  it('never changes the state it started from, nor a state an earlier fold returned', () => {
    const events = stream(20);
    const agg = new TaskAggregate(1).load(events.slice(0, 42));
    const before = agg.snapshot;
    const beforePlain = plain(before);
    agg.load(events.slice(42));
    expect(plain(before)).toBe(beforePlain);
    expect(agg.snapshot.submissions).not.toBe(before.submissions);
    expect(agg.snapshot.submissionByUser).not.toBe(before.submissionByUser);
    // The Maps a fold returned are no drafts any more: a later fold copies them again.
    const after = agg.snapshot;
    const afterPlain = plain(after);
    agg.resume(before, 42).load(events.slice(42));
    expect(plain(after)).toBe(afterPlain);
    expect(agg.snapshot.submissions).not.toBe(after.submissions);
  });

  it('leaves the state as it was when an event of the fold cannot be applied', () => {
    const events = stream(5);
    const agg = new TaskAggregate(1).load(events.slice(0, 10));
    const before = agg.snapshot;
    const beforePlain = plain(before);
    const unknown = stored(T.SubmissionApproved, { submissionId: 99, taskId: 1, userId: 1, reviewerId: 10, feedback: null, reward: 1, reviewedAt: '2026-01-03T00:00:00.000Z' });
    expect(() => agg.load([...events.slice(10, 14), unknown])).toThrow('unknown submission 99');
    expect(agg.snapshot).toBe(before);
    expect(agg.version).toBe(10);
    expect(plain(before)).toBe(beforePlain);
  });
});
