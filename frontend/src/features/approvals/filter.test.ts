import { describe, expect, it } from 'vitest';
import type { ApprovalItem } from './api';
import { adminListQuery, filterApprovals } from './filter';

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

describe('adminListQuery', () => {
  it("asks the server for the tab's status, or the filter's on All Submissions, and the trimmed search", () => {
    expect(adminListQuery({ search: '', status: 'all', tab: 'pending' })).toEqual({ status: 'pending' });
    expect(adminListQuery({ search: '', status: 'all', tab: 'all' })).toEqual({});
    expect(adminListQuery({ search: '  Logo ', status: 'approved', tab: 'all' })).toEqual({ status: 'approved', q: 'Logo' });
    expect(adminListQuery({ search: 'x', status: 'rejected', tab: 'rejected' })).toEqual({ status: 'rejected', q: 'x' });
    expect(adminListQuery({ search: 'y'.repeat(250), status: 'all', tab: 'all' })?.q).toHaveLength(200);
  });

  it('asks nothing when the tab and the filter cannot both hold', () => {
    expect(adminListQuery({ search: 'thread', status: 'pending', tab: 'rejected' })).toBeNull();
  });
});
