import { StoredEvent } from '../event-store/stored-event';
import { Row } from '../projections/row-projection';
import { TaskEvents as T } from './domain/task.events';
import { ListingEffect, listingEffectOf, toListingChange } from './task-listing-change';
import { TasksProjection } from './tasks.projection';

/** Columns no listed row shows (a change there changes no answer). */
const UNSHOWN = new Set(['updated_at', 'released_amount', 'refunded_amount', 'funded_tx_hash']);

const base: Row = {
  id: 1, title: 'T', description: 'D', requirements: 'R', category: 'Design', creator_id: 2, reward: 5, max_completions: 3,
  completions: 0, total_submissions: 0, pending_submissions: 0, estimated_time: 10, deadline: '2030-01-01T00:00:00.000Z',
  submission_type: 'text', is_active: true, funding_status: 'funded', chain_id: 31337, contract_address: null, escrow_amount: '15',
  released_amount: '0', refunded_amount: '0', funded_tx_hash: '0xf', escrow_key: '0xk', funder: '0xa', review_until: '2030-01-02T00:00:00.000Z',
  refundable_at: '2030-01-03T00:00:00.000Z',
  anomalies: [{ audience: 'creator', kind: 'wrong_terms', reason: 'r', txHash: '0x1', logIndex: 0, recovery: null, key: '0xk2', submissionId: null, resolved: false }],
  created_at: '2029-01-01T00:00:00.000Z', updated_at: '2029-01-01T00:00:00.000Z',
};

/** Rows a listed task's events meet: slots free, one left, none left; and unlisted ones. */
const rows: Array<[string, Row]> = [
  ['roomy', base],
  ['one slot left', { ...base, completions: 1, pending_submissions: 1, total_submissions: 2 }],
  ['full', { ...base, completions: 2, pending_submissions: 1, total_submissions: 4 }],
  ['draft', { ...base, is_active: false }],
  ['awaiting funding', { ...base, funding_status: 'awaiting_funding', anomalies: [] }],
  ['anomaly', { ...base, funding_status: 'anomaly' }],
  ['refunded', { ...base, funding_status: 'refunded' }],
];

/** Data that every event type's fold can read (one variant per `target` for the reverting ones). */
const datas: Array<Record<string, unknown>> = [
  { taskId: 1, submissionId: 1, userId: 3, amount: '5', reward: 5, txHash: '0x1', logIndex: 0, key: '0xk2', funder: '0xa', kind: 'wrong_terms', reason: 'r' },
  { taskId: 1, submissionId: 1, userId: 3, amount: '5', reward: 5, txHash: '0x1', logIndex: 0, key: '0xk2', funder: '0xa', target: 'anomaly' },
  { taskId: 1, submissionId: 1, userId: 3, amount: '5', reward: 5, txHash: '0x1', logIndex: 0, key: '0xk', funder: '0xa', target: 'funding' },
  { taskId: 1, submissionId: 1, userId: 3, amount: '5', reward: 5, txHash: '0x1', logIndex: 0, key: '0xk2', funder: '0xa', target: 'anomaly', fundingStatus: 'awaiting_funding' },
  { taskId: 1, submissionId: 1, userId: 3, amount: '5', reward: 5, txHash: '0x1', logIndex: 0, key: '0xk2', funder: '0xa', kind: 'stranger_escrow', reason: 'r' },
];

const event = (type: string, data: Record<string, unknown>): StoredEvent =>
  ({ globalPosition: 1n, transactionId: 1n, streamId: 'task-1', streamVersion: 2, type, data, metadata: {}, createdAt: new Date('2029-06-01T00:00:00Z') });

/** Whether a change of `before` into `after` stays within what `effect` promises the list cache. */
function within(effect: ListingEffect, before: Row, after: Row): string | null {
  const shownChanged = Object.keys({ ...before, ...after }).filter((k) => !UNSHOWN.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const c = toListingChange({ key: 1, before, after }, []);
  const listedness = (c.before === null) === (c.after === null);
  switch (effect) {
    case 'none':
      return shownChanged.length ? `changed ${shownChanged.join(', ')}` : null;
    case 'shown':
      return c.moved || !listedness ? 'moved the task in or out of a list' : null;
    case 'leaves':
      if (c.rekeyed || !listedness) return 'moved the task';
      return c.before && c.after && !c.before.open && c.after.open ? 'opened a slot' : null;
    case 'joins':
      if (c.rekeyed || !listedness) return 'moved the task';
      return c.before && c.after && c.before.open && !c.after.open ? 'took a slot' : null;
    case 'placement':
      return null;
  }
}

describe('listingEffectOf bounds what the tasks projection does to a listed row', () => {
  const projection = new TasksProjection() as unknown as { fold(row: Row | undefined, e: StoredEvent): Row | undefined };

  it.each(Object.values(T).filter((t) => t !== T.TaskCreated))('%s', (type) => {
    for (const data of datas) {
      const e = event(type, data);
      const effect = listingEffectOf(e);
      for (const [name, row] of rows) {
        const after = projection.fold(row, e) ?? row;
        expect({ type, data, row: name, effect, broken: within(effect, row, after) }).toEqual({ type, data, row: name, effect, broken: null });
      }
    }
  });

  // Safe is not enough: an event classified wider than its fold reaches drops answers for nothing, and an
  // event another process applies with `placement` drops every total (the review cut-offs of a busy
  // marketplace came by the hundred a second in bench:api's multi-process window).
  it('an event whose fold leaves every listed column as it was is "none"', () => {
    const leavesAsItWas = (type: string) =>
      datas.every((data) => rows.every(([, row]) => within('none', row, projection.fold(row, event(type, data)) ?? row) === null));
    const unchanging = Object.values(T).filter((t) => t !== T.TaskCreated && leavesAsItWas(t));
    expect(unchanging).toEqual(expect.arrayContaining([T.RewardReleased, T.TaskReviewCutOff, T.SubmissionReviewDueSoon]));
    expect(unchanging.filter((t) => listingEffectOf(event(t, datas[0])) !== 'none')).toEqual([]);
  });

  it('a new task is listed by no public list (it is not funded yet)', () => {
    const created = projection.fold(undefined, event(T.TaskCreated, {
      taskId: 1, creatorId: 2, title: 'T', description: 'D', requirements: 'R', category: 'Design', reward: 5, maxCompletions: 3, estimatedTime: 10,
      deadline: '2030-01-01T00:00:00.000Z', submissionType: 'text', isActive: true, chainId: 31337, contractAddress: null, escrowAmount: '15',
      createdAt: '2029-01-01T00:00:00.000Z',
    }));
    expect(listingEffectOf(event(T.TaskCreated, {}))).toBe('none');
    expect(toListingChange({ key: 1, before: undefined, after: created! }, []).after).toBeNull();
  });

  it('an event type it does not know may move the task anywhere', () => {
    expect(listingEffectOf(event('SomethingNew', { taskId: 1 }))).toBe('placement');
  });

  it('the effects that matter for the list (mutations of the classification are caught)', () => {
    expect(listingEffectOf(event(T.SubmissionSubmitted, {}))).toBe('leaves');
    expect(listingEffectOf(event(T.SubmissionRejected, {}))).toBe('joins');
    expect(listingEffectOf(event(T.SubmissionApproved, {}))).toBe('shown');
    expect(listingEffectOf(event(T.RewardReleased, {}))).toBe('none');
    expect(listingEffectOf(event(T.TaskFunded, {}))).toBe('placement');
  });
});
