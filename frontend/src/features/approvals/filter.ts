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

/**
 * Spec: search by task title or notes (case-insensitive), the status filter, and the tab; a missing status is
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
