import type { SubmissionStatus } from '@/types/api';
import type { ApprovalItem } from './api';

export type ApprovalsTab = 'pending' | 'all' | 'approved' | 'rejected';
export type StatusFilter = 'all' | SubmissionStatus;

export const TABS: Array<{ value: ApprovalsTab; label: string }> = [
  { value: 'pending', label: 'Pending Review' },
  { value: 'all', label: 'All Submissions' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export const STATUS_FILTERS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** The status a tab asks the server for (admins' lists are paged on the server). */
export const tabStatus = (tab: ApprovalsTab): SubmissionStatus | undefined => (tab === 'all' ? undefined : tab);

/** The Approvals search box's limit (the server refuses longer searches). */
export const SEARCH_MAX = 200;

/**
 * What the admins' list asks the server for (their list is paged there, so search and filters run there too): the
 * tab's status and the filter's, which must both hold, and the search text. null when they cannot both hold
 * (a Rejected tab with the Pending filter): nothing to ask.
 */
export function adminListQuery(opts: { search: string; status: StatusFilter; tab: ApprovalsTab }): { status?: SubmissionStatus; q?: string } | null {
  const fromTab = tabStatus(opts.tab);
  const fromFilter = opts.status === 'all' ? undefined : opts.status;
  if (fromTab && fromFilter && fromTab !== fromFilter) return null;
  const q = opts.search.trim().slice(0, SEARCH_MAX);
  const status = fromTab ?? fromFilter;
  return { ...(status ? { status } : {}), ...(q ? { q } : {}) };
}

/**
 * Creators' list (all of their tasks' submissions, read at once). Spec: search by task title or notes (case-insensitive), the status filter, and the tab; a missing status is
 * pending. The tab and the filter both apply (a Rejected tab with the Pending filter shows nothing).
 */
export function filterApprovals(items: ApprovalItem[], opts: { search: string; status: StatusFilter; tab: ApprovalsTab }): ApprovalItem[] {
  const needle = opts.search.trim().toLowerCase();
  return items.filter((s) => {
    const status = s.status ?? 'pending';
    if (opts.tab !== 'all' && status !== opts.tab) return false;
    if (opts.status !== 'all' && status !== opts.status) return false;
    if (!needle) return true;
    return (s.taskTitle ?? '').toLowerCase().includes(needle) || (s.notes ?? '').toLowerCase().includes(needle);
  });
}
