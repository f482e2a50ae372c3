import { api, retryOnce } from '@/lib/api';
import type { SubmissionStatus } from '@/types/api';
import type { AdminAnalytics, AdminDashboard, BulkApproveResponse, BulkValidateResponse } from './types';

export interface AdminPage {
  limit: number;
  offset: number;
  status?: SubmissionStatus;
}

const dashboardUrl = ({ limit, offset, status }: AdminPage) =>
  `/api/admin/dashboard?limit=${limit}&offset=${offset}${status ? `&status=${status}` : ''}`;

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useAdminDashboardQuery, useAdminAnalyticsQuery, useBulkValidateMutation, useBulkApproveMutation } = adminApi;
