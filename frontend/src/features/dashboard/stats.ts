import type { Submission } from '@/types/api';
import type { DashboardData } from './api';

export interface DashboardStats {
  totalSubmissions: number;
  approved: number;
  pending: number;
  tasksCreated: number;
  totalCompletions: number;
  /** Whole CENT: the rewards of the user's approved submissions (spec), as a bigint (no float sums). */
  totalEarnings: bigint;
}

/** Spec: a missing status counts as pending. */
export const statusOf = (s: Pick<Submission, 'status'>) => s.status ?? 'pending';

export function dashboardStats(d: DashboardData): DashboardStats {
  const approved = d.submissions.filter((s) => statusOf(s) === 'approved');
  return {
    totalSubmissions: d.submissions.length,
    approved: approved.length,
    pending: d.submissions.filter((s) => statusOf(s) === 'pending').length,
    tasksCreated: d.createdTasks.length,
    totalCompletions: d.createdTasks.reduce((n, t) => n + t.completions, 0),
    totalEarnings: approved.reduce((sum, s) => sum + BigInt(s.task.reward), 0n),
  };
}

/** The proof type an entry shows: Link, Text or File, or Multiple when more than one was given. */
export function proofType(s: Pick<Submission, 'proofLink' | 'proofText' | 'proofFileUrl'>): 'Link' | 'Text' | 'File' | 'Multiple' | null {
  const kinds = [s.proofLink && 'Link', s.proofText && 'Text', s.proofFileUrl && 'File'].filter(Boolean) as Array<'Link' | 'Text' | 'File'>;
  if (kinds.length > 1) return 'Multiple';
  return kinds[0] ?? null;
}
