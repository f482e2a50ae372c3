import { api, retryOnce } from '@/lib/api';
import type { SubmissionStatus } from '@/types/api';
import type { components } from '@/types/api.generated';
import type { AdminAnalytics, AdminDashboard, BulkApproveResponse, BulkValidateResponse } from './types';

export interface AdminPage {
  limit: number;
  offset: number;
  status?: SubmissionStatus;
}

const dashboardUrl = ({ limit, offset, status }: AdminPage) =>
  `/api/admin/dashboard?limit=${limit}&offset=${offset}${status ? `&status=${status}` : ''}`;

/** GET /api/admin/appeals (issue 22): open appeals, soonest cut-off first. */
export type OpenAppeal = components['schemas']['OpenAppealView'];

/** GET /api/admin/review-queue (issue 22): a submission the spam guard flagged, with who sent it and the evidence. */
export type FlaggedSubmission = components['schemas']['FlaggedSubmissionView'];

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A decision (PATCH /api/submissions/:id invalidates 'Admin' and the submission list) takes it off the queue.
    reviewQueue: build.query<components['schemas']['ReviewQueueView'], void>({
      query: () => '/api/admin/review-queue',
      providesTags: ['Admin', { type: 'Submission', id: 'LIST' }],
    }),
    openAppeals: build.query<components['schemas']['AppealsQueueView'], void>({
      query: () => '/api/admin/appeals',
      providesTags: ['Admin'],
    }),
    decideAppeal: build.mutation<unknown, { submissionId: number; decision: 'upheld' | 'overturned'; reason: string | null }>({
      query: ({ submissionId, ...body }) => ({ url: `/api/admin/appeals/${submissionId}`, method: 'POST', body }),
      invalidatesTags: ['Admin', 'Dashboard', 'Submission', 'Task', 'Escrow'],
    }),
    adminDashboard: build.query<AdminDashboard, AdminPage>({
      // Spec §7: the admin data is retried once on failure.
      async queryFn(page, _api, _extra, baseQuery) {
        return (await retryOnce(dashboardUrl(page), baseQuery)) as { data: AdminDashboard };
      },
      providesTags: ['Admin', { type: 'Submission', id: 'LIST' }],
    }),
    adminAnalytics: build.query<AdminAnalytics, void>({
      query: () => '/api/admin/analytics',
      providesTags: ['Admin'],
    }),
    bulkValidate: build.mutation<BulkValidateResponse, { autoApprove: boolean }>({
      query: (body) => ({ url: '/api/admin/bulk-validate', method: 'POST', body }),
      invalidatesTags: ['Admin', 'Dashboard', 'Submission', 'Task', 'Escrow'],
    }),
    // Only the ids the admin confirmed: the server approves exactly those (never "every pending one").
    bulkApprove: build.mutation<BulkApproveResponse, { submissionIds: number[] }>({
      query: (body) => ({ url: '/api/admin/bulk-approve', method: 'POST', body }),
      invalidatesTags: ['Admin', 'Dashboard', 'Submission', 'Task', 'Escrow'],
    }),
  }),
});

export const {
  useAdminDashboardQuery, useAdminAnalyticsQuery, useBulkValidateMutation, useBulkApproveMutation, useOpenAppealsQuery, useDecideAppealMutation,
  useReviewQueueQuery,
} = adminApi;
