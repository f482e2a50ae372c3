import { api, retryOnce } from '@/lib/api';
import type { Submission, SubmissionStatus, Task } from '@/types/api';

/** A submission row as the approvals page lists it, whoever supplied it (admin payload or a creator's dashboard). */
export interface ApprovalItem extends Pick<Submission, 'id' | 'taskId' | 'userId' | 'status' | 'proofLink' | 'proofText' | 'proofFileUrl' | 'notes' | 'createdAt' | 'reviewedBy' | 'reviewDeadline' | 'reviewFlag' | 'reviewedBySystem'> {
  taskTitle: string | null;
}

interface AdminSubmissionsPage {
  submissions: ApprovalItem[];
  page: { limit: number; offset: number; totals: { submissions: number } };
}

/** Spec §9: the creators' approvals data is re-polled every 5 seconds. */
export const CREATOR_POLL_MS = 5000;

export const approvalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Admins: every submission, paged, searched (task title or notes) and filtered by status on the server, newest first. */
    adminApprovals: build.query<AdminSubmissionsPage, { status?: SubmissionStatus; q?: string; limit: number; offset: number }>({
      // Spec §7: the admin data is retried once on failure.
      async queryFn({ status, q, limit, offset }, _api, _extra, baseQuery) {
        const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
        if (status) params.set('status', status);
        if (q) params.set('q', q);
        return (await retryOnce(`/api/admin/dashboard?${params}`, baseQuery)) as { data: AdminSubmissionsPage };
      },
      providesTags: ['Admin', { type: 'Submission', id: 'LIST' }],
    }),
    /** Creators: their created tasks with their submissions (GET /api/dashboard). */
    creatorApprovals: build.query<ApprovalItem[], void>({
      query: () => '/api/dashboard',
      transformResponse: (d: { createdTasks: Array<Task & { submissions: Submission[] }> }) =>
        d.createdTasks.flatMap((t) => t.submissions.map((s) => ({ ...s, taskTitle: t.title }))).sort((a, b) => b.id - a.id),
      providesTags: ['Dashboard', { type: 'Submission', id: 'LIST' }],
    }),
  }),
});

export const { useAdminApprovalsQuery, useCreatorApprovalsQuery } = approvalsApi;
