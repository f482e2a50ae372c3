import { describe, expect, it } from 'vitest';
import type { ApprovalItem } from './api';
import { filterApprovals } from './filter';

const item = (id: number, status: ApprovalItem['status'] | undefined, taskTitle: string, notes: string | null): ApprovalItem =>
  ({ id, taskId: 1, userId: 2, status, proofLink: null, proofText: 't', proofFileUrl: null, notes, createdAt: '', reviewedBy: null, taskTitle }) as ApprovalItem;

const items = [
  item(1, 'pending', 'Write a Thread', 'first draft'),
  item(2, 'approved', 'Design a Logo', 'final version'),
  item(3, 'rejected', 'Write a review', null),
  item(4, undefined, 'Translate docs', 'THREAD about docs'),
];

const ids = (xs: ApprovalItem[]) => xs.map((x) => x.id);

describe('filterApprovals', () => {
  it('shows pending (and status-less) submissions on the default tab', () => {
    expect(ids(filterApprovals(items, { search: '', status: 'all', tab: 'pending' }))).toEqual([1, 4]);
  });

  it('searches task titles and notes, ignoring case', () => {
    expect(ids(filterApprovals(items, { search: 'thread', status: 'all', tab: 'all' }))).toEqual([1, 4]);
    expect(ids(filterApprovals(items, { search: 'FINAL', status: 'all', tab: 'all' }))).toEqual([2]);
    expect(ids(filterApprovals(items, { search: 'nothing', status: 'all', tab: 'all' }))).toEqual([]);
  });

  it('applies the status filter together with the tab', () => {
    expect(ids(filterApprovals(items, { search: '', status: 'rejected', tab: 'all' }))).toEqual([3]);
    expect(ids(filterApprovals(items, { search: '', status: 'pending', tab: 'rejected' }))).toEqual([]);
    expect(ids(filterApprovals(items, { search: 'write', status: 'all', tab: 'approved' }))).toEqual([]);
  });
});
