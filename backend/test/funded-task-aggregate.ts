import { StoredEvent } from '../src/event-store/stored-event';
import { TaskAggregate } from '../src/tasks/domain/task.aggregate';
import { TaskEvents as T } from '../src/tasks/domain/task.events';

/**
 * The funded task the aggregate's specs (task-review-deadline, task-revisions-appeals, task-spam-check) decide
 * on: created and funded by CREATOR, its deadline DEADLINE, its review closing at REVIEW_UNTIL (a week's window
 * less an hour's margin after the deadline), submissions from T0 (ten days before the deadline).
 */
export const H = 3600_000;
export const DEADLINE = Date.parse('2030-01-01T00:00:00.000Z');
const WINDOW = 7 * 24 * 3600;
const MARGIN = 3600;
export const REVIEW_UNTIL = DEADLINE + (WINDOW - MARGIN) * 1000;
export const CREATOR = 10;
export const T0 = DEADLINE - 10 * 24 * H;

let position = 0;
/** Task 1 (5 CENT x 2), funded; `created` overrides the TaskCreated data (maxCompletions, reviewWithinSeconds, ...). */
export function fundedTask(created: Record<string, unknown> = {}): TaskAggregate {
  const events: StoredEvent[] = [
    { type: T.TaskCreated, data: {
      taskId: 1, creatorId: CREATOR, title: 't', description: 'd', requirements: 'r', category: 'Content', reward: 5, maxCompletions: 2,
      estimatedTime: 1, deadline: new Date(DEADLINE).toISOString(), submissionType: 'text', isActive: true, chainId: 31337, contractAddress: null,
      escrowAmount: '10', reviewWindowSeconds: WINDOW, reviewCloseMarginSeconds: MARGIN, createdAt: new Date(T0 - H).toISOString(), ...created,
    } },
    { type: T.TaskFunded, data: { chainId: 31337, txHash: '0x' + 'aa'.repeat(32), blockNumber: 5, blockHash: '0x' + 'bb'.repeat(32), logIndex: 0, taskId: 1, key: '0x' + 'cc'.repeat(32), funder: '0x' + '11'.repeat(20), amount: '10' } },
  ].map((e, i) => ({ ...e, globalPosition: BigInt(++position), transactionId: 1n, streamId: 'task-1', streamVersion: i + 1, metadata: {}, createdAt: new Date() }));
  return new TaskAggregate(1).load(events);
}
