import type { FundingStatus } from '@/types/api';

export interface TaskStatusBadge {
  label: string;
  palette: 'green' | 'gray' | 'orange' | 'red';
  /** The task waits for its creator's funding (a Fund action belongs beside it). */
  needsFunding: boolean;
}

/**
 * The one status badge of a created task, on the dashboard ("Active" / "Inactive") and in the admin table
 * ("Active" / "Closed"): a task whose reward is not escrowed is not listed, so it reads "Awaiting funding"
 * whatever its visibility flag says (issue 21: it read "Active").
 */
export function taskStatusBadge(task: { isActive: boolean; fundingStatus?: FundingStatus; funding?: { status: string } }, inactiveLabel: 'Inactive' | 'Closed'): TaskStatusBadge {
  const funding = task.funding?.status ?? task.fundingStatus;
  if (funding === 'awaiting_funding') return { label: 'Awaiting funding', palette: 'orange', needsFunding: true };
  if (funding === 'anomaly' || funding === 'funding_anomaly') return { label: 'Awaiting funding', palette: 'red', needsFunding: true };
  if (funding === 'refunded') return { label: 'Refunded', palette: 'gray', needsFunding: false };
  return task.isActive ? { label: 'Active', palette: 'green', needsFunding: false } : { label: inactiveLabel, palette: 'gray', needsFunding: false };
}
